import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { issuesToErrors } from '../../src/core/zod-issues.js';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return issuesToErrors(parsed.error.issues, 'invalid_arguments', schema);
};

describe("an issue with a number is told in the caller's terms", () => {
  it('names the bound, and the range and form of the number where the schema says them', () => {
    const schema = z.strictObject({ limit: z.int().min(1).max(200) });
    expect(errorsOf(schema, { limit: 0 })).toEqual([
      {
        code: 'invalid_arguments',
        message: "'limit' is under its minimum: it must be at least 1.",
        path: 'limit',
        fix_hint: "Give 'limit' as a whole number from 1 to 200 in plain digits, e.g. 50.",
      },
    ]);
    expect(errorsOf(schema, { limit: 201 })[0]!.message).toBe("'limit' is over its maximum: it must be at most 200.");
    expect(errorsOf(schema, { limit: 2.5 })[0]!.message).toBe("'limit' is not a whole number.");
    expect(errorsOf(schema, { limit: '7' })[0]!.message).toBe("'limit' must be a number, not text.");
  });

  it('names the bound the issue carries where the schema is not found at the path (inside a list), exclusive bounds too', () => {
    const schema = z.strictObject({ items: z.array(z.strictObject({ weight: z.number().gt(0).lt(1) })) });
    expect(errorsOf(schema, { items: [{ weight: 0 }] })[0]).toMatchObject({
      path: 'items[0].weight',
      message: "'items[0].weight' is under its minimum: it must be over 0.",
      fix_hint: "Give 'items[0].weight' a value over 0.",
    });
    expect(errorsOf(schema, { items: [{ weight: 1 }] })[0]).toMatchObject({
      message: "'items[0].weight' is over its maximum: it must be under 1.",
      fix_hint: "Give 'items[0].weight' a value under 1.",
    });
    const whole = z.strictObject({ items: z.array(z.int().min(0)) });
    expect(errorsOf(whole, { items: [-1] })[0]!.fix_hint).toBe("Give 'items[0]' a value of at least 0.");
    expect(errorsOf(whole, { items: [0.5] })[0]!.fix_hint).toBe("Give 'items[0]' as a whole number.");
  });

  it("a huge whole number is told the schema's bound only, not the safe-integer one every integer has", () => {
    const schema = z.strictObject({ limit: z.int().min(1).max(200), items: z.array(z.int()) });
    const errors = errorsOf(schema, { limit: 9007199254740992, items: [9007199254740992] });
    expect(errors.map((e) => e.message)).toEqual([
      "'limit' is over its maximum: it must be at most 200.",
      "'items[0]' is over its maximum: it must be at most 9007199254740991.",
    ]);
  });

  it('a number too large to read (Infinity) is told so, with the range where the schema gives one', () => {
    const schema = z.strictObject({ limit: z.int().min(1).max(200), weight: z.number() });
    expect(errorsOf(schema, { limit: Number.POSITIVE_INFINITY })[0]).toMatchObject({
      message: "'limit' is too large a number to read.",
      fix_hint: "Give 'limit' as a whole number from 1 to 200 in plain digits, e.g. 50.",
    });
    expect(errorsOf(schema, { limit: 5, weight: Number.NEGATIVE_INFINITY })[0]).toMatchObject({
      message: "'weight' is too small a number to read.",
      fix_hint: "Give 'weight' a number of fewer digits.",
    });
  });

  it("names the issue's own bound where the schema's range is not the whole story (one bound, or an exclusive one)", () => {
    const oneBound = z.strictObject({ count: z.int().min(0) });
    expect(errorsOf(oneBound, { count: -1 })[0]!.fix_hint).toBe("Give 'count' a value of at least 0.");
    const exclusive = z.strictObject({ share: z.number().gt(0).lte(1) });
    expect(errorsOf(exclusive, { share: 0 })[0]).toMatchObject({
      message: "'share' is under its minimum: it must be over 0.",
      fix_hint: "Give 'share' a value over 0.",
    });
    expect(errorsOf(exclusive, { share: 2 })[0]!.fix_hint).toBe(
      "Give 'share' as a number from 0 to 1 in plain digits, e.g. 1.",
    );
  });

  it('leaves the bounds of strings and lists to their own wording', () => {
    const schema = z.strictObject({ name: z.string().min(2) });
    expect(errorsOf(schema, { name: 'x' })[0]!.message).not.toContain('minimum');
  });
});

describe('a value of the wrong type', () => {
  it('is told its type only: no size check of the wrong type rides along', () => {
    // zod also checks "abcdefghij" against the list's bound of 6, as a string of 10 characters.
    const schema = z.strictObject({
      legal_basis: z
        .array(z.enum(['consent', 'contract']))
        .min(1)
        .max(6),
    });
    const errors = errorsOf(schema, { legal_basis: 'abcdefghij' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ path: 'legal_basis' });
    expect(errors[0]!.message).not.toMatch(/limit|characters/);
    // A list over its bound is still told so.
    expect(errorsOf(schema, { legal_basis: Array(7).fill('consent') })[0]!.message).toBe(
      "'legal_basis' is over its limit of 6 items.",
    );
  });
});
