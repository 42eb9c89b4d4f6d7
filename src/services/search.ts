import MiniSearch, { type AsPlainObject, type SearchOptions } from 'minisearch';
import { z } from 'zod';
import type { LocaleCode } from '../domain/locale.js';
import { indexOptions, queryOptions, SEARCH_FIELDS, tokenize, type SearchDoc, type SearchField } from './search-options.js';

/** A rehydrated element index of one locale with the query options that go with it. */
export interface ElementIndex {
  readonly locale: LocaleCode;
  readonly miniSearch: MiniSearch<SearchDoc>;
  readonly options: SearchOptions;
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
  fields: z.array(MatchField).describe(
    'Where they matched: title, search_terms, category (its name or search terms), context_values, description.',
  ),
});
export type Match = z.infer<typeof Match>;

export interface ElementHit {
  id: string;
  match: Match;
}

/** Rehydrates a serialized index (the bundle's `search_index[locale]`, from `toJSON()`). */
export function loadElementIndex(raw: unknown, locale: LocaleCode): ElementIndex {
  const plain = raw as AsPlainObject;
  const vocabulary = new Set(plain.index.map(([term]) => term));
  return { locale, miniSearch: MiniSearch.loadJS<SearchDoc>(plain, indexOptions(locale)), options: queryOptions(locale, vocabulary) };
}

/** Each processed query term mapped back to the first query word that produced it. */
function wordsByTerm(query: string, options: SearchOptions): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of tokenize(query)) {
    const term = options.processTerm!(word);
    if (typeof term === 'string' && !out.has(term)) out.set(term, word.toLowerCase());
  }
  return out;
}

/** Elements matching `query`, best first, each with the words and fields that matched. */
export function searchElements(index: ElementIndex, query: string): ElementHit[] {
  const words = wordsByTerm(query, index.options);
  const rank = new Map([...words.keys()].map((term, i) => [term, i]));
  return index.miniSearch.search(query, index.options).map((result) => {
    const matchedFields = new Set(Object.values(result.match).flat() as SearchField[]);
    const queryTerms = [...new Set(result.queryTerms)].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    return {
      id: String(result.id),
      match: {
        terms: queryTerms.map((term) => words.get(term) ?? term),
        fields: [...new Set(SEARCH_FIELDS.filter((f) => matchedFields.has(f)).map((f) => FIELD_NAMES[f]))],
      },
    };
  });
}
