import * as z from 'zod';
import { Category, DatachainType, Element, Manifest } from './content.js';

let cached: Record<string, unknown> | undefined;

const SCHEMAS: Record<string, z.ZodType> = { Manifest, DatachainType, Category, Element };

/** Registers more published schemas (the datachain forms) before the first call. */
export function publishSchema(name: string, schema: z.ZodType): void {
  SCHEMAS[name] = schema;
  cached = undefined;
}

/** JSON Schemas (draft 2020-12, input side) of the content and datachain forms, built once. */
export function instanceJsonSchemas(): Record<string, unknown> {
  cached ??= Object.fromEntries(
    Object.entries(SCHEMAS).map(([name, schema]) => [
      name,
      { ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }), title: name },
    ]),
  );
  return cached;
}
