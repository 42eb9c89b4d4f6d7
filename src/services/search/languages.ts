import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stopwords as dutchStopWords } from '@orama/stopwords/dutch';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stopwords as germanStopWords } from '@orama/stopwords/german';
import { stopwords as portugueseStopWords } from '@orama/stopwords/portuguese';
import { stopwords as spanishStopWords } from '@orama/stopwords/spanish';
import { stem as englishStemmer } from 'porter2';
import type { LocaleCode } from '../../domain/locale.js';
import { CHINESE_STOP_WORDS, FILIPINO_STOP_WORDS, KHMER_STOP_WORDS, VIETNAMESE_STOP_WORDS } from './stop-words.js';

/**
 * How a locale's text is cut into words:
 * - `spaces`: runs of letters, marks and digits (languages that separate words with spaces);
 * - `segmenter`: `Intl.Segmenter` word segmentation (Chinese and Khmer, written without spaces);
 * - `syllables`: space-separated runs as for `spaces`, for Vietnamese, whose runs are syllables.
 * `segmenter` and `syllables` also index each pair of adjacent words (see `words.ts`).
 */
export type Cutting = 'spaces' | 'segmenter' | 'syllables';

export interface Language {
  cutting: Cutting;
  stopWords: readonly string[];
  /** Stems a lower-cased word; the identity where no stemmer exists. */
  stem(word: string): string;
  /** Whether accents and other marks are dropped: yes where readers type without them and the marks carry no meaning of their own. */
  folds: boolean;
  /** Shortest word that indexes or matches. */
  minLength: number;
  /** Prefix and fuzzy matching and the known-stem rule (words cut by spaces only; a syllable or a segmented word is whole). */
  loose: boolean;
  /**
   * Spellings of a lower-case word typed without accents with the accents its ending may have had,
   * where the stemmer reads the two as different words; a query tries them when the word's own
   * term is unknown. Absent where stemming does not depend on them.
   */
  accented?: (word: string) => string[];
}

const same = (word: string) => word;

const spaced = (stopWords: readonly string[], stem: (word: string) => string = same): Language => ({
  cutting: 'spaces',
  stopWords,
  stem,
  folds: true,
  minLength: 2,
  loose: true,
});

const whole = (cutting: Cutting, stopWords: readonly string[]): Language => ({
  cutting,
  stopWords,
  stem: same,
  folds: false,
  minLength: 1,
  loose: false,
});

/**
 * French words typed without accents, with é restored in turn at each `e` of their last four
 * letters, where French endings carry it (-é, -és, -ée, -ées, -ité): Snowball's French stemmer
 * takes "données" to "don" but "donnees" to "donne", and "durée" to "dur" but "duree" to "dure".
 */
function frenchEndings(word: string): string[] {
  const out: string[] = [];
  for (let i = Math.max(0, word.length - 4); i < word.length; i++)
    if (word[i] === 'e') out.push(`${word.slice(0, i)}é${word.slice(i + 1)}`);
  return out;
}

/**
 * Search languages: Snowball stemmers (Porter2 for English, `@orama/stemmers` for the others that
 * have one) and stop-word lists. Filipino has no stemmer; Vietnamese, Chinese and Khmer need none.
 * Vietnamese and Khmer keep their marks: Vietnamese tones and Khmer vowel signs are part of the word.
 */
export const LANGUAGES: Record<LocaleCode, Language> = {
  en: spaced(englishStopWords, englishStemmer),
  fr: { ...spaced(frenchStopWords, frenchStemmer), accented: frenchEndings },
  es: spaced(spanishStopWords, spanishStemmer),
  pt: spaced(portugueseStopWords, portugueseStemmer),
  fil: spaced(FILIPINO_STOP_WORDS),
  km: whole('segmenter', KHMER_STOP_WORDS),
  vi: whole('syllables', VIETNAMESE_STOP_WORDS),
  'zh-Hans': whole('segmenter', CHINESE_STOP_WORDS),
  'zh-Hant': whole('segmenter', CHINESE_STOP_WORDS),
  nl: spaced(dutchStopWords, dutchStemmer),
  de: spaced(germanStopWords, germanStemmer),
};
