import type { Bundle } from '../domain/bundle.js';
import type { Category, MaterializedElement } from '../domain/content.js';
import type { LocaleCode } from '../domain/locale.js';
import { loadElementIndex, type ElementIndex } from '../services/search.js';

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
  /** The prebuilt search index of a locale, rehydrated on first use; `undefined` if none. */
  search(locale: LocaleCode): ElementIndex | undefined;
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
  const indexes = new Map<LocaleCode, ElementIndex>();
  return {
    bundle,
    id: bundle.manifest.version,
    status: bundle.manifest.status,
    contentHash: bundle.manifest.content_hash,
    locales: bundle.manifest.locales,
    elementById,
    categoryById,
    elementsByCategory,
    search(locale) {
      const cached = indexes.get(locale);
      if (cached) return cached;
      const raw = bundle.search_index[locale];
      if (raw === undefined) return undefined;
      const index = loadElementIndex(raw, locale);
      indexes.set(locale, index);
      return index;
    },
  };
}
