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
  let byCategory: Map<string, MaterializedElement[]> | undefined;
  return {
    bundle,
    id: bundle.manifest.version,
    status: bundle.manifest.status,
    contentHash: bundle.manifest.content_hash,
    locales: bundle.manifest.locales,
    elementById,
    listedById: packed?.hasListedLine ? packed.listedById() : elementById,
    categoryById,
    get elementsByCategory() {
      return (byCategory ??= groupByCategory(bundle.elements));
    },
  };
}

/** Elements by their category id, each list in the release's order. */
function groupByCategory(elements: readonly MaterializedElement[]): Map<string, MaterializedElement[]> {
  const byCategory = new Map<string, MaterializedElement[]>();
  for (const e of elements) {
    const list = byCategory.get(e.category_id);
    if (list) list.push(e);
    else byCategory.set(e.category_id, [e]);
  }
  return byCategory;
}
