import type { Options, SearchOptions } from 'minisearch';
import { isAscii } from '../../core/utf8.js';
import type { LocaleCode } from '../../domain/locale.js';
import { LANGUAGES } from './languages.js';
import { plainForm, termProcessor } from './text.js';
import { queryWordsOf, wordsOf, type Words } from './words.js';

/** The indexed fields of an element's search document, in the order `match.fields` lists them. */
const SEARCH_FIELDS = ['title', 'terms', 'category', 'category_terms', 'context', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * One search document per element and locale: its title, its search terms, its category's name,
 * its category's search terms, the names of its context values, and its description.
 */
export type SearchDoc = { id: string } & Record<SearchField, string>;

/**
 * Index options of a locale, shared by the build (which serializes the index) and the Worker
 * (which rehydrates it): the tokenizer and term processing must be identical on both sides.
 */
export function indexOptions(locale: LocaleCode): Options<SearchDoc> {
  return { fields: [...SEARCH_FIELDS], tokenize: wordsOf(locale), processTerm: termProcessor(locale) };
}

/** Title and search terms weigh most, then the category's name and terms, then descriptions and context values. */
const BOOST: Record<SearchField, number> = {
  title: 3,
  terms: 3,
  category: 2,
  category_terms: 1.5,
  context: 0.75,
  description: 1,
};

/** Prefix and fuzzy matching start at this many characters of a processed query term. */
const PREFIX_FROM = 4;
const FUZZY_FROM = 5;
/** A known stem found inside an unknown word must be this long and cover half the word. */
const KNOWN_STEM_FROM = 5;

/** The terms of an index: whether it holds a term. */
export interface Vocabulary {
  has(term: string): boolean;
}

/**
 * The longest term of `vocabulary` that begins `word` (accent-folded), at least KNOWN_STEM_FROM
 * characters and half the word long: "videosurveillence" -> "videosurveil". Catches misspelled
 * endings that make the stemmer miss.
 */
function knownStemOf(word: string, vocabulary: Vocabulary): string | undefined {
  for (let end = word.length - 1; end >= Math.max(KNOWN_STEM_FROM, Math.ceil(word.length / 2)); end--) {
    const head = word.slice(0, end);
    if (vocabulary.has(head)) return head;
  }
  return undefined;
}

/** How a query runs: it is cut into words, each word becomes a term (or `null`), then the distinct terms are searched. */
export interface QueryRules {
  words: Words;
  term(word: string): string | null;
  /** MiniSearch options for a query made of terms from `term`, joined by spaces. */
  options: SearchOptions;
}

/** Separates the terms of a query as MiniSearch receives it (a term may hold a space, see `words.ts`). */
export const TERM_SEPARATOR = '\n';

/**
 * Query rules of a locale over an index whose terms are `vocabulary`. A query word becomes its
 * stem; in a locale with loose matching (`Language.loose`), an unknown stem becomes the stem of
 * the word with its accents back (`Language.accented`) when that is known, else the longest known
 * stem the word begins with, if any; prefix matching applies to terms of PREFIX_FROM
 * characters or more, and fuzzy matching (one edit per five characters, at most two) only to terms
 * of FUZZY_FROM or more that are still unknown. Elsewhere a term matches only itself.
 */
export function queryRules(locale: LocaleCode, vocabulary: Vocabulary): QueryRules {
  const toTerm = termProcessor(locale);
  const plain = plainForm(locale);
  const { loose, accented } = LANGUAGES[locale];
  /** The known term of a spelling of `word` with its accents back (`Language.accented`), for a word typed without any. */
  const withAccents = (word: string): string | undefined => {
    if (!accented || !isAscii(word)) return undefined;
    for (const spelling of accented(word.toLowerCase())) {
      const term = toTerm(spelling);
      if (term !== null && vocabulary.has(term)) return term;
    }
    return undefined;
  };
  return {
    words: queryWordsOf(locale, (word) => vocabulary.has(word) || toTerm(word) === null),
    term(word) {
      const term = toTerm(word);
      if (term === null || !loose || vocabulary.has(term)) return term;
      return withAccents(word) ?? knownStemOf(plain(word), vocabulary) ?? term;
    },
    options: {
      tokenize: (text) => text.split(TERM_SEPARATOR),
      processTerm: (term) => term,
      boost: BOOST,
      prefix: (term) => loose && term.length >= PREFIX_FROM,
      fuzzy: (term) => (loose && term.length >= FUZZY_FROM && !vocabulary.has(term) ? 0.2 : false),
      maxFuzzy: 2,
    },
  };
}
