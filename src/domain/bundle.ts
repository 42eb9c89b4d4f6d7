import * as z from 'zod';
import { Category, DatachainType, Manifest, MaterializedElement } from './content.js';
import { LocaleCode } from './locale.js';

/**
 * One compiled schema release, as the CLI writes it and the Worker embeds it.
 * - `categories` are in the datachain type's display order.
 * - `elements` are materialized and sorted by id (the natural order of list answers).
 * - `symbols` maps symbol id to the SVG text exactly as authored.
 * - `search_index` maps each manifest locale to a MiniSearch index of the elements, built with
 *   the options of `src/services/search/options.ts` and packed by `src/services/search/pack.ts`.
 */
export const Bundle = z.object({
  manifest: Manifest,
  datachain_type: DatachainType,
  categories: z.array(Category),
  elements: z.array(MaterializedElement),
  symbols: z.record(z.string(), z.string()),
  search_index: z.partialRecord(LocaleCode, z.unknown()),
});
export type Bundle = z.infer<typeof Bundle>;

/** One entry of the version index. `aliases` are the alias ids that currently point here. */
export const VersionEntry = z.object({
  id: z.string(),
  status: z.enum(['beta', 'stable']),
  created_at: z.string(),
  content_hash: z.string(),
  aliases: z.array(z.string()),
});
export type VersionEntry = z.infer<typeof VersionEntry>;

/**
 * The index of every built release: entries sorted by id, and the alias map
 * (`<type>@latest` = newest stable, absent for a type without one; `<type>@latest-beta` = newest beta).
 */
export const VersionIndex = z.object({
  versions: z.array(VersionEntry),
  aliases: z.record(z.string(), z.string()),
  /**
   * Translation review metadata by release id (`domain/translations.ts`), for the releases that
   * ship it; outside every content hash. Each entry is parsed where it is read, so one malformed
   * entry never makes the whole index unreadable.
   */
  translations: z.record(z.string(), z.unknown()).optional(),
  /**
   * The bucket's index only: the hash of each release object's bytes as publish wrote them
   * (`objectHashOf`), by object key (`releases/<id>/<content hash>.json`, and `.release` for its
   * packed object, `.packed` for one written before decision 067: decisions 065, 067). A reader whose object has these bytes reads the release publish
   * checked, without recomputing its content hash; a published object without one, or whose bytes
   * differ, is checked by its content hash, and a packed one is not read (the published one is). Outside every
   * content hash; never in a served catalogue. Read only through `objectHashesOf`, which ignores a
   * value that is not a string and a field that is not a map: a malformed one never makes the whole
   * index unreadable (a reader checks by the content hash instead).
   */
  objects: z.unknown().optional(),
});
export type VersionIndex = z.infer<typeof VersionIndex>;

/** The hashes an index records for its release objects (`objects`), its values that are strings. */
export function objectHashesOf(index: VersionIndex): Map<string, string> {
  const objects = index.objects;
  if (typeof objects !== 'object' || objects === null || Array.isArray(objects)) return new Map();
  return new Map(Object.entries(objects).flatMap(([key, hash]) => (typeof hash === 'string' ? [[key, hash]] : [])));
}

/** The alias whose release draws the server's own icons (every MCP answer carries them). */
export const ICON_ALIAS = 'ai@latest';
