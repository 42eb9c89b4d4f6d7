import type * as z from 'zod';
import { Category, DatachainType, Element, Manifest } from './content.js';

const SCHEMAS: Record<string, z.ZodType> = { Manifest, DatachainType, Category, Element };
/** How many registrations there have been: what a converted copy of the register was made from. */
let registrations = 0;

/** Registers more published schemas (the datachain forms) before the first call. */
export function publishSchema(name: string, schema: z.ZodType): void {
  SCHEMAS[name] = schema;
  registrations++;
}

/** The register's state: any registration since a copy was made changes it. */
export const publishedVersion = (): number => registrations;

/**
 * The content and datachain forms whose JSON Schemas get_schema publishes, by name, in the order
 * they were registered. `tools/kernel/instance-schemas.ts` converts them (Node, `npm run gen`); the
 * Worker serves what gen wrote from them (decision 083).
 */
export const publishedSchemas = (): Readonly<Record<string, z.ZodType>> => SCHEMAS;
