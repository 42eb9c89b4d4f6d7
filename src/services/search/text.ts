import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stem as englishStemmer } from 'porter2';
import type { LocaleCode } from '../../domain/locale.js';

/** Removes accents and other combining marks: "caméra" -> "camera". */
export const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

interface Language {
  stopWords: ReadonlySet<string>;
  stem(word: string): string;
}

const stopSet = (words: readonly string[]) => new Set(words.flatMap((w) => [w, fold(w)]));

/** Snowball stemmers (Porter2 for English) and stop-word lists, per locale. */
const LANGUAGES: Record<LocaleCode, Language> = {
  en: { stopWords: stopSet(englishStopWords), stem: englishStemmer },
  fr: { stopWords: stopSet(frenchStopWords), stem: frenchStemmer },
};

/** Shorter tokens ("a", the "l" of "l'entrée") never index or match. */
const MIN_LENGTH = 2;

/**
 * How a locale turns a word into a term, the same for indexing and for queries: lower-cased,
 * stemmed, then accent-folded; `null` for a stop word or a word shorter than MIN_LENGTH.
 */
export type TermProcessor = (word: string) => string | null;

function processor(language: Language): TermProcessor {
  return (word) => {
    const lower = word.toLowerCase();
    if (lower.length < MIN_LENGTH || language.stopWords.has(lower)) return null;
    return fold(language.stem(lower));
  };
}

const PROCESSORS: Record<LocaleCode, TermProcessor> = {
  en: processor(LANGUAGES.en),
  fr: processor(LANGUAGES.fr),
};

/** The term processor of a locale; the build and the Worker use the same one. */
export function termProcessor(locale: LocaleCode): TermProcessor {
  return PROCESSORS[locale];
}
