import * as z from 'zod';
import { Category, DatachainType, Element } from './content.js';
import { DatachainInstance } from './datachain.js';
import { publishSchema } from './json-schemas.js';

/**
 * The schema content a resolved datachain carries with it: the datachain type, the categories it
 * uses or must use, and the elements it places (no build-only fields such as `shape`).
 */
export const SchemaSnapshot = z.object({
  datachain_type: DatachainType,
  categories: z.array(Category),
  elements: z.array(Element),
});
export type SchemaSnapshot = z.infer<typeof SchemaSnapshot>;

/**
 * A self-contained datachain: the thin form plus its schema snapshot and any elements an AI
 * author proposes (`suggested_elements`, which require `authoring_provenance.kind: "ai_generated"`).
 */
export const ResolvedDatachainInstance = DatachainInstance.extend({
  schema_snapshot: SchemaSnapshot,
  suggested_elements: z.array(Element).default([]),
});
export type ResolvedDatachainInstance = z.infer<typeof ResolvedDatachainInstance>;

publishSchema('ResolvedDatachainInstance', ResolvedDatachainInstance);
