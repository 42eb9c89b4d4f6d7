import { Validator } from '@cfworker/json-schema';

/** Validates a value against a JSON Schema (draft 2020-12) without code generation, so it runs in workerd. */
export function schemaErrors(schema: unknown, value: unknown): string[] {
  const v = new Validator(schema as object, '2020-12', false);
  const r = v.validate(value);
  return r.valid ? [] : r.errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}
