import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stem as englishStemmer } from 'porter2';
import type { LocaleCode } from '../domain/locale.js';

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

/** How one locale turns a token into index terms and query terms. */
export interface TermProcessor {
  /**
   * Index side: the stem of the word as written and the stem of the word without accents (both
   * accent-folded), so a query typed with or without accents finds it. `null` for a stop word.
   */
  index(token: string): string | string[] | null;
  /** Query side: the accent-folded stem of the word as typed; `null` for a stop word. */
  query(token: string): string | null;
}

function processor(language: Language): TermProcessor {
  const query = (token: string): string | null => {
    const word = token.toLowerCase();
    if (word.length < MIN_LENGTH || language.stopWords.has(word)) return null;
    return fold(language.stem(word));
  };
  return {
    query,
    index(token) {
      const typed = query(token);
      if (typed === null) return null;
      const bare = fold(language.stem(fold(token.toLowerCase())));
      return bare === typed ? typed : [typed, bare];
    },
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
