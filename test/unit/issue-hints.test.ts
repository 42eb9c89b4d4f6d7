import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { issuesToErrors } from '../../src/core/zod-issues.js';
import { localeArg } from '../../src/tools/args.js';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return issuesToErrors(parsed.error.issues, 'invalid_arguments', schema);
};

/** A hint says what to send: it never repeats the message's words after "Correct ...". */
describe('a hint for a value outside a fixed set, or of the wrong type, says what to send', () => {
  it('a value outside an enum zod words: the values to choose from', () => {
    const schema = z.strictObject({ confidence: z.enum(['high', 'medium', 'low']) });
    expect(errorsOf(schema, { confidence: 'sure' })).toEqual([
      {
        code: 'invalid_arguments',
        message: 'confidence: Invalid option: expected one of "high"|"medium"|"low"',
        path: 'confidence',
        fix_hint: "Set 'confidence' to one of: high, medium, low.",
      },
    ]);
  });

  it("a schema's own message carries its advice, and the hint keeps it (a locale's code to write instead)", () => {
    const custom = z.strictObject({
      format: z.enum(['a-1', 'b-2'], { error: () => 'Unknown format; use a-1 or b-2.' }),
    });
    expect(errorsOf(custom, { format: 'c' })[0]!.fix_hint).toBe("Correct 'format': Unknown format; use a-1 or b-2.");
    const [locale] = errorsOf(z.strictObject({ locale: localeArg }), { locale: 'pt-BR' });
    expect(locale!.fix_hint).toMatch(
      /^Correct 'locale': Unknown locale 'pt-BR' \(did you mean 'pt'\?\); use one of: en, /,
    );
    const typed = z.strictObject({ value: z.array(z.string(), { error: () => 'expected a list, as ["a"]' }) });
    expect(errorsOf(typed, { value: 'a' })[0]!.fix_hint).toBe('Correct \'value\': expected a list, as ["a"].');
  });

  it('one allowed value is named as JSON writes it', () => {
    expect(errorsOf(z.strictObject({ jsonrpc: z.literal('2.0') }), { jsonrpc: '1.0' })[0]!.fix_hint).toBe(
      'Set \'jsonrpc\' to "2.0".',
    );
    expect(errorsOf(z.strictObject({ n: z.literal(3) }), { n: 4 })[0]!.fix_hint).toBe("Set 'n' to 3.");
  });

  it('a value of the wrong type: the type to give, in JSON words', () => {
    const schema = z.strictObject({
      element_id: z.string(),
      ids: z.array(z.string()),
      on: z.boolean(),
      options: z.object({}),
    });
    const hints = Object.fromEntries(
      errorsOf(schema, { element_id: 5, ids: 'a', on: 'yes', options: [] }).map((e) => [e.path, e.fix_hint]),
    );
    expect(hints).toEqual({
      element_id: "Give 'element_id' as text (a JSON string).",
      ids: "Give 'ids' as a list (a JSON array).",
      on: "Give 'on' as true or false.",
      options: "Give 'options' as an object.",
    });
    expect(errorsOf(z.string(), 5)[0]!.fix_hint).toBe('Give the value as text (a JSON string).');
  });

  it('any other issue is still corrected in its own words', () => {
    const schema = z.strictObject({ id: z.string().regex(/^[a-z]+$/, 'Use lower-case letters only.') });
    expect(errorsOf(schema, { id: 'A' })[0]!.fix_hint).toBe("Correct 'id': Use lower-case letters only.");
  });
});
