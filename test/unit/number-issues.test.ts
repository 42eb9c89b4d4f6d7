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

  it('leaves the bounds of strings and lists to their own wording', () => {
    const schema = z.strictObject({ name: z.string().min(2) });
    expect(errorsOf(schema, { name: 'x' })[0]!.message).not.toContain('minimum');
  });
});
