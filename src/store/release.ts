import { groupBy } from '../core/group.js';
import type { Bundle } from '../domain/bundle.js';
import type { Category, MaterializedElement } from '../domain/content.js';
import { type ListedElement, packedElementsOf } from './packed-elements.js';

/** A parsed release with the lookup maps every handler needs, built once per isolate. */
export interface Release {
  readonly bundle: Bundle;
  readonly id: string;
  readonly status: 'beta' | 'stable';
  readonly contentHash: string;
  readonly locales: readonly string[];
  readonly elementById: ReadonlyMap<string, MaterializedElement>;
  /**
   * Each element's listed form (`LISTED_FIELDS`) by id, for a list that shows no other field: from
   * the file's listed line where it has one (decision 073), else the element (a list projects it).
   */
  readonly listedById: ReadonlyMap<string, ListedElement>;
  readonly categoryById: ReadonlyMap<string, Category>;
  readonly elementsByCategory: ReadonlyMap<string, readonly MaterializedElement[]>;
  /**
   * The element ids of each category, in the release's order, as `elementsByCategory` lists them:
   * from the listed forms (decision 073), so a release read with its listed line parses no element
   * for them.
   */
  readonly idsByCategory: ReadonlyMap<string, readonly string[]>;
}

/**
 * The release's lookups. Elements by id come from its element lines when it was read with them
 * (decision 067: a call that reads a few elements parses only those), and their listed forms from
 * its listed line where it has one (decision 073); the elements by category are grouped on first
 * read (they need every element).
 */
export function createRelease(bundle: Bundle): Release {
  const packed = packedElementsOf(bundle);
  const elementById = packed ? packed.byId() : new Map(bundle.elements.map((e) => [e.id, e]));
  const categoryById = new Map(bundle.categories.map((c) => [c.id, c]));
  const listedById = packed?.hasListedLine ? packed.listedById() : elementById;
  let byCategory: Map<string, MaterializedElement[]> | undefined;
  let idsByCategory: Map<string, string[]> | undefined;
  return {
    bundle,
    id: bundle.manifest.version,
    status: bundle.manifest.status,
    contentHash: bundle.manifest.content_hash,
    locales: bundle.manifest.locales,
    elementById,
    listedById,
    categoryById,
    get elementsByCategory() {
      return (byCategory ??= groupBy(
        bundle.elements,
        (e) => e.category_id,
        (e) => e,
      ));
    },
    get idsByCategory() {
      return (idsByCategory ??= groupBy(
        listedById.values(),
        (e) => e.category_id,
        (e) => e.id,
      ));
    },
  };
}
