import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import * as z from 'zod';
import type { LocaleCode } from '../../domain/locale.js';
import { releaseViewBy } from '../../store/views.js';
import { loadPackedIndex, type PackedIndex } from './pack.js';
import {
  indexOptions,
  queryRules,
  TERM_SEPARATOR,
  type QueryRules,
  type SearchDoc,
  type SearchField,
} from './options.js';

/** A rehydrated element index of one locale with the query rules that go with it. */
export interface ElementIndex {
  readonly miniSearch: MiniSearch<SearchDoc>;
  readonly rules: QueryRules;
}

/** The field names a caller sees in `match.fields`, in the order they are listed. */
const MatchField = z.enum(['title', 'search_terms', 'category', 'context_values', 'description']);
type MatchField = z.infer<typeof MatchField>;

const FIELD_NAMES: Record<SearchField, MatchField> = {
  title: 'title',
  terms: 'search_terms',
  category: 'category',
  category_terms: 'category',
  context: 'context_values',
  description: 'description',
};

/** Why an element matched a query: the query words that matched it and where. */
export const Match = z.object({
  terms: z.array(z.string()).describe('The query words (lower-cased) that matched this element, in query order.'),
  fields: z
    .array(MatchField)
    .describe(
      'Where they matched: title, search_terms, category (its name or search terms), context_values, description.',
    ),
});
export type Match = z.infer<typeof Match>;

/** One element that matched; `match()` says why (computed only for the hits a page shows). */
export interface ElementHit {
  id: string;
  match(): Match;
}

/** Rehydrates a bundle's `search_index[locale]` (a `PackedIndex` the build made and checked). */
export function loadElementIndex(raw: unknown, locale: LocaleCode): ElementIndex {
  const { miniSearch, hasTerm } = loadPackedIndex<SearchDoc>(raw as PackedIndex, indexOptions(locale));
  return { miniSearch, rules: queryRules(locale, { has: hasTerm }) };
}

/** The prebuilt search index of a release in a locale, rehydrated on first use; `undefined` if it has none. */
export const releaseIndex = releaseViewBy((release, locale: LocaleCode): ElementIndex | undefined => {
  const raw = release.bundle.search_index[locale];
  return raw === undefined ? undefined : loadElementIndex(raw, locale);
});

/** The query words that matched a result (as typed, lower-cased, in query order) and where. */
function explain(result: SearchResult, words: ReadonlyMap<string, string>): Match {
  const matched = new Set(result.queryTerms);
  const fields = new Set<MatchField>();
  for (const found of Object.values(result.match)) for (const f of found) fields.add(FIELD_NAMES[f as SearchField]);
  return {
    terms: [...words].filter(([term]) => matched.has(term)).map(([, word]) => word),
    fields: MatchField.options.filter((f) => fields.has(f)),
  };
}

/** Elements matching `query`, best first. Each distinct query term is searched once. */
export function searchElements(index: ElementIndex, query: string): ElementHit[] {
  const words = new Map<string, string>();
  for (const word of index.rules.words(query)) {
    const term = index.rules.term(word);
    if (term !== null && !words.has(term)) words.set(term, word.toLowerCase());
  }
  if (words.size === 0) return [];
  return index.miniSearch
    .search([...words.keys()].join(TERM_SEPARATOR), index.rules.options)
    .map((result) => ({ id: String(result.id), match: () => explain(result, words) }));
}
