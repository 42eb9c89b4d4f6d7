import { isAscii } from '../../core/utf8.js';
import type { LocaleCode } from '../../domain/locale.js';
import { LANGUAGES, type Language } from './languages.js';
import { withoutMarks } from './unicode-runs.js';

/** Removes accents and other combining marks: "caméra" -> "camera". ASCII text has none, and is its own NFD. */
export const fold = (text: string): string => (isAscii(text) ? text : withoutMarks(text.normalize('NFD')));

/**
 * How a locale compares words apart from stemming: lower-cased, accent-folded where the locale
 * folds (see `Language.folds`), else in NFC. Search-term checks use it to decide when two terms are
 * the same.
 */
export function plainForm(locale: LocaleCode): (text: string) => string {
  return LANGUAGES[locale].folds ? (text) => fold(text.toLowerCase()) : (text) => text.toLowerCase().normalize('NFC');
}

/**
 * How a locale turns a word into a term, the same for indexing and for queries: lower-cased,
 * stemmed, then accent-folded where the locale folds; `null` for a stop word or a word shorter
 * than the locale's minimum. A pair of adjacent words ("a b", see `words.ts`) is kept unless both
 * are stop words.
 */
export type TermProcessor = (word: string) => string | null;

function processor(language: Language): TermProcessor {
  const stopWords = new Set(language.stopWords.flatMap((w) => (language.folds ? [w, fold(w)] : [w])));
  const finish = language.folds ? fold : (term: string) => term;
  return (word) => {
    const lower = word.toLowerCase();
    const space = lower.indexOf(' ');
    if (space >= 0) {
      return stopWords.has(lower.slice(0, space)) && stopWords.has(lower.slice(space + 1)) ? null : lower;
    }
    if (lower.length < language.minLength || stopWords.has(lower)) return null;
    return finish(language.stem(lower));
  };
}

const PROCESSORS = new Map<LocaleCode, TermProcessor>();

/** The term processor of a locale; the build and the Worker use the same one. */
export function termProcessor(locale: LocaleCode): TermProcessor {
  let p = PROCESSORS.get(locale);
  if (!p) {
    p = processor(LANGUAGES[locale]);
    PROCESSORS.set(locale, p);
  }
  return p;
}
