import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { issuesToErrors } from '../../src/core/zod-issues.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { InvalidParams, parseParams } from '../../src/mcp/jsonrpc.js';
import { localeArg } from '../../src/tools/args.js';
import { fullThin } from '../fixtures/datachains/base.js';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return issuesToErrors(parsed.error.issues, 'invalid_arguments', schema);
};
const hintOf = (schema: z.ZodType, value: unknown) => errorsOf(schema, value)[0]!.fix_hint;

/**
 * Where zod words an issue itself, the hint says what to send instead of repeating zod's words
 * (decision 082); a schema's own message carries its advice, and the hint keeps it.
 */
describe('a hint for a value outside a fixed set, or of the wrong type, says what to send', () => {
  it('a value outside an enum: the values to choose from', () => {
    const schema = z.strictObject({ confidence: z.enum(['high', 'medium', 'low']) });
    expect(errorsOf(schema, { confidence: 'sure' })).toEqual([
      {
        code: 'invalid_arguments',
        message: 'confidence: Invalid option: expected one of "high"|"medium"|"low"',
        path: 'confidence',
        fix_hint: "Set 'confidence' to one of: high, medium, low.",
      },
    ]);
    // Missing, the value is still one of the set.
    expect(hintOf(schema, {})).toBe("Set 'confidence' to one of: high, medium, low.");
  });

  it("a datachain's text locale and its provenance's kind (a discriminated union's tag)", () => {
    const dc = fullThin();
    dc.title = [{ locale: 'xx', value: 'Parking cameras' }];
    dc.authoring_provenance.kind = 'robot';
    const hints = Object.fromEntries(errorsOf(DatachainInstance, dc).map((e) => [e.path, e.fix_hint]));
    expect(hints['title[0].locale']).toBe(
      "Set 'title[0].locale' to one of: en, fr, es, pt, fil, km, vi, zh-Hans, zh-Hant, nl, de.",
    );
    expect(hints['authoring_provenance.kind']).toBe("Set 'authoring_provenance.kind' to one of: human, ai_generated.");
  });

  it('values that a bare list would blur are written as JSON writes them; one value alone too', () => {
    expect(hintOf(z.strictObject({ v: z.literal(['1', 1, true, null, '']) }), { v: 2 })).toBe(
      'Set \'v\' to one of: "1", 1, true, null, "".',
    );
    expect(hintOf(z.strictObject({ v: z.enum(['a b', 'c']) }), { v: 'x' })).toBe('Set \'v\' to one of: "a b", "c".');
    expect(hintOf(z.strictObject({ v: z.literal('2.0') }), { v: '1.0' })).toBe('Set \'v\' to "2.0".');
    expect(hintOf(z.strictObject({ n: z.literal(3) }), { n: 4 })).toBe("Set 'n' to 3.");
  });

  it('a value JSON cannot carry is not offered; a set past 40 values points to the message', () => {
    expect(hintOf(z.strictObject({ n: z.literal(5n) }), { n: 4 })).toMatch(/^Correct 'n': /);
    const many = Array.from({ length: 41 }, (_, i) => `v${i}`) as [string, ...string[]];
    expect(hintOf(z.strictObject({ v: z.enum(many) }), { v: 'x' })).toBe(
      "Set 'v' to one of the values the message lists.",
    );
  });

  it('a value of the wrong type: the type to give, in JSON words; a missing one, to give it', () => {
    const schema = z.strictObject({
      element_id: z.string(),
      ids: z.array(z.string()),
      on: z.boolean(),
      options: z.object({}),
      nothing: z.null(),
    });
    const hints = Object.fromEntries(
      errorsOf(schema, { element_id: 5, ids: 'a', on: 'yes', options: [], nothing: 0 }).map((e) => [
        e.path,
        e.fix_hint,
      ]),
    );
    expect(hints).toEqual({
      element_id: "Give 'element_id' as text (a JSON string).",
      ids: "Give 'ids' as a list (a JSON array).",
      on: "Give 'on' as true or false.",
      options: "Give 'options' as an object.",
      nothing: "Give 'nothing' as null.",
    });
    expect(hintOf(z.strictObject({ id: z.string() }), {})).toBe("Provide 'id'.");
  });

  it('the value itself (an empty path) is named as the value, unquoted', () => {
    expect(hintOf(z.string(), 5)).toBe('Give the value as text (a JSON string).');
    expect(hintOf(z.string().regex(/^a$/, 'Write a.'), 'b')).toBe('Correct the value: Write a.');
  });

  it("a schema's own message carries its advice, and the hint keeps it (a locale's code to write instead)", () => {
    const custom = z.strictObject({
      format: z.enum(['a-1', 'b-2'], { error: () => 'Unknown format; use a-1 or b-2.' }),
    });
    expect(hintOf(custom, { format: 'c' })).toBe("Correct 'format': Unknown format; use a-1 or b-2.");
    expect(hintOf(z.strictObject({ locale: localeArg }), { locale: 'pt-BR' })).toMatch(
      /^Correct 'locale': Unknown locale 'pt-BR' \(did you mean 'pt'\?\); use one of: en, /,
    );
    const typed = z.strictObject({ value: z.array(z.string(), { error: () => 'expected a list, as ["a"]' }) });
    expect(hintOf(typed, { value: 'a' })).toBe('Correct \'value\': expected a list, as ["a"].');
    const other = z.strictObject({ id: z.string().regex(/^[a-z]+$/, 'Use lower-case letters only.') });
    expect(hintOf(other, { id: 'A' })).toBe("Correct 'id': Use lower-case letters only.");
  });

  it("a JSON-RPC method's params are hinted the same way", () => {
    const schema = z.looseObject({ name: z.string().min(1), level: z.enum(['debug', 'info']).optional() });
    const refused = (params: unknown) => {
      try {
        parseParams(schema, params);
      } catch (e) {
        if (e instanceof InvalidParams) return e.data.fix_hint;
        throw e;
      }
      throw new Error('expected a refusal');
    };
    expect(refused({ name: 5 })).toBe("Give 'params.name' as text (a JSON string).");
    expect(refused({ name: 'x', level: 'loud' })).toBe("Set 'params.level' to one of: debug, info.");
  });
});
