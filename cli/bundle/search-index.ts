import MiniSearch from 'minisearch';
import type { Category, MaterializedElement, SearchTerms } from '../../src/domain/content.js';
import type { LocaleCode, LocaleValues } from '../../src/domain/locale.js';
import { indexOptions, type SearchDoc } from '../../src/services/search/options.js';
import { packIndex, type PackedIndex } from '../../src/services/search/pack.js';

function textIn(values: LocaleValues, locale: LocaleCode): string {
  return values.find((v) => v.locale === locale)?.value ?? '';
}

/** Search terms of one locale, one per line so no two terms run together. */
function termsIn(terms: SearchTerms, locale: LocaleCode): string {
  return terms.find((t) => t.locale === locale)?.terms.join('\n') ?? '';
}

/** The search document of an element in `locale` (see `SearchDoc`). */
function searchDoc(element: MaterializedElement, category: Category | undefined, locale: LocaleCode): SearchDoc {
  const context = element.context ?? category?.element_context;
  return {
    id: element.id,
    title: textIn(element.title, locale),
    terms: termsIn(element.search_terms, locale),
    category: category ? textIn(category.name, locale) : '',
    category_terms: category ? termsIn(category.search_terms, locale) : '',
    context: context?.values.map((v) => textIn(v.name, locale)).join('\n') ?? '',
    description: textIn(element.description, locale),
  };
}

/**
 * A MiniSearch index over one document per element in `locale`, built with the shared options of
 * `src/services/search/options.ts` and packed (`src/services/search/pack.ts`) as plain JSON data.
 */
export function buildSearchIndex(
  elements: readonly MaterializedElement[],
  categories: readonly Category[],
  locale: LocaleCode,
): PackedIndex {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const index = new MiniSearch<SearchDoc>(indexOptions(locale));
  index.addAll(elements.map((e) => searchDoc(e, byId.get(e.category_id), locale)));
  return packIndex(index.toJSON());
}
