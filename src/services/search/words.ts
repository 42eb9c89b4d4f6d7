import type { LocaleCode } from '../../domain/locale.js';
import { LANGUAGES, type Cutting } from './languages.js';

/** A word: a run of letters, marks and digits (marks so a decomposed accent stays in its word). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/** Text between punctuation and line breaks: a pair of adjacent words never spans two of them. */
const PHRASE_BREAK = /[^\p{L}\p{M}\p{N}\p{Zs}]+/u;

/** Cuts text into words. Pairs of adjacent words, where a locale indexes them, are one token "a b". */
export type Words = (text: string) => string[];

/**
 * Words between spaces and punctuation. Empty strings at the ends are kept: MiniSearch counts them
 * in a field's length, and the indexes of the releases built before these rules must not change.
 */
const bySpaces = (text: string): string[] => text.split(NOT_WORD);
const syllables = (text: string): string[] => text.match(WORD) ?? [];

const withPairs = (words: string[]): string[] => [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];

const byPhrase =
  (cut: (phrase: string) => string[]): Words =>
  (text) =>
    text.split(PHRASE_BREAK).flatMap((phrase) => withPairs(cut(phrase)));

function segmented(locale: LocaleCode): (phrase: string) => string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  return (phrase) => [...segmenter.segment(phrase)].filter((s) => s.isWordLike).map((s) => s.segment);
}

function cutter(locale: LocaleCode, cutting: Cutting): Words {
  if (cutting === 'spaces') return bySpaces;
  return byPhrase(cutting === 'segmenter' ? segmented(locale) : syllables);
}

const CUTTERS = new Map<LocaleCode, Words>();

/**
 * How a locale cuts text into words, the same for indexing and for queries; text is put in Unicode
 * NFC first so a decomposed accent or tone mark matches its composed form.
 */
export function wordsOf(locale: LocaleCode): Words {
  let words = CUTTERS.get(locale);
  if (!words) {
    const cut = cutter(locale, LANGUAGES[locale].cutting);
    words = (text) => cut(text.normalize('NFC'));
    CUTTERS.set(locale, words);
  }
  return words;
}

/** Longest slices of `word` from its start that are index terms; the rest as one piece. */
function knownParts(word: string, isTerm: (text: string) => boolean): string[] {
  const parts: string[] = [];
  let from = 0;
  while (from < word.length) {
    let to = word.length;
    while (to > from && !isTerm(word.slice(from, to))) to--;
    if (to === from) break;
    parts.push(word.slice(from, to));
    from = to;
  }
  return from < word.length ? [...parts, word.slice(from)] : parts;
}

/**
 * Query words of a segmented locale, made to agree with the index. The index was cut at build time
 * and the query is cut where the Worker runs, whose segmentation dictionaries may differ (Khmer
 * words are cut differently by the ICU of Node and of workerd): two adjacent query words whose join
 * is an index term become that term, and a word that is no index term is cut into the longest
 * index terms it begins with. A stop word counts as known (callers say so).
 */
function agreeing(words: readonly string[], isTerm: (text: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const joined = i + 1 < words.length ? word + words[i + 1] : '';
    if (joined && isTerm(joined)) {
      out.push(joined);
      i++;
    } else {
      out.push(...(isTerm(word) ? [word] : knownParts(word, isTerm)));
    }
  }
  return out;
}

/**
 * How a locale cuts a query over an index whose terms `isTerm` knows (given a lower-cased word):
 * as `wordsOf` cuts text, with segmented words made to agree with the index.
 */
export function queryWordsOf(locale: LocaleCode, isTerm: (text: string) => boolean): Words {
  if (LANGUAGES[locale].cutting !== 'segmenter') return wordsOf(locale);
  const segment = segmented(locale);
  const known = (text: string) => isTerm(text.toLowerCase());
  const cut = byPhrase((phrase) => agreeing(segment(phrase), known));
  return (text) => cut(text.normalize('NFC'));
}
