import type { Bundle } from '../domain/bundle.js';
import type { Category, MaterializedElement } from '../domain/content.js';

/** A parsed release with the lookup maps every handler needs, built once per isolate. */
export interface Release {
  readonly bundle: Bundle;
  readonly id: string;
  readonly status: 'beta' | 'stable';
  readonly contentHash: string;
  readonly locales: readonly string[];
  readonly elementById: ReadonlyMap<string, MaterializedElement>;
  readonly categoryById: ReadonlyMap<string, Category>;
  readonly elementsByCategory: ReadonlyMap<string, readonly MaterializedElement[]>;
}

export function createRelease(bundle: Bundle): Release {
  const elementById = new Map(bundle.elements.map((e) => [e.id, e]));
  const categoryById = new Map(bundle.categories.map((c) => [c.id, c]));
  const elementsByCategory = new Map<string, MaterializedElement[]>();
  for (const e of bundle.elements) {
    const list = elementsByCategory.get(e.category_id) ?? [];
    list.push(e);
    elementsByCategory.set(e.category_id, list);
  }
  return {
    bundle,
    id: bundle.manifest.version,
    status: bundle.manifest.status,
    contentHash: bundle.manifest.content_hash,
    locales: bundle.manifest.locales,
    elementById,
    categoryById,
    elementsByCategory,
  };
}
