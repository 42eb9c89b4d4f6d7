import type { LocaleCode } from '../../domain/locale.js';
import { isAscii } from '../../core/utf8.js';
import { LANGUAGES, type Cutting } from './languages.js';
import { phrasePieces, wordPieces } from './unicode-runs.js';

/**
 * In ASCII text, what parts words (`wordPieces` elsewhere: any code point that is no letter, mark or
 * number, marks so that a decomposed accent stays in its word): ASCII's letters and digits are
 * these, and it has no mark.
 */
const NOT_WORD_ASCII = /[^A-Za-z0-9]+/;

/** Cuts text into words. Pairs of adjacent words, where a locale indexes them, are one token "a b". */
export type Words = (text: string) => string[];

/**
 * Words between spaces and punctuation. Empty strings at the ends are kept: MiniSearch counts them
 * in a field's length, and the indexes of the releases built before these rules must not change.
 */
const bySpaces = (text: string): string[] => (isAscii(text) ? text.split(NOT_WORD_ASCII) : wordPieces(text));
/** The runs of letters, marks and numbers: `bySpaces` without its empty strings. */
const syllables = (text: string): string[] => bySpaces(text).filter((word) => word !== '');

const withPairs = (words: string[]): string[] => [...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)];

const byPhrase =
  (cut: (phrase: string) => string[]): Words =>
  (text) =>
    // Text between punctuation and line breaks: a pair of adjacent words never spans two of them.
    phrasePieces(text).flatMap((phrase) => withPairs(cut(phrase)));

/** A locale's word segmenter, made on first use (a Worker that holds a locale's index may never cut with it). */
function segmenterOf(locale: LocaleCode): () => Intl.Segmenter {
  let segmenter: Intl.Segmenter | undefined;
  return () => (segmenter ??= new Intl.Segmenter(locale, { granularity: 'word' }));
}

function segmented(locale: LocaleCode): (phrase: string) => string[] {
  const segmenter = segmenterOf(locale);
  return (phrase) => [...segmenter().segment(phrase)].filter((s) => s.isWordLike).map((s) => s.segment);
}

function cutter(locale: LocaleCode, cutting: Cutting): Words {
  if (cutting === 'spaces') return bySpaces;
  return byPhrase(cutting === 'segmenter' ? segmented(locale) : syllables);
}

const CUTTERS = new Map<LocaleCode, Words>();

/**
 * Khmer writes a subscript ដ (coeng DA) and a subscript ត (coeng TA) alike, and people type either
 * (ស្ដុប, ស្តុប): both are read as coeng TA.
 */
const KHMER_COENG_DA = /\u17D2\u178A/g;

/** Text in Unicode NFC, so a decomposed accent or tone mark matches its composed form, and Khmer spellings made one. */
function normalized(locale: LocaleCode, text: string): string {
  const nfc = text.normalize('NFC');
  return locale === 'km' ? nfc.replace(KHMER_COENG_DA, '\u17D2\u178F') : nfc;
}

/** How a locale cuts text into words, the same for indexing and for queries (text `normalized` first). */
export function wordsOf(locale: LocaleCode): Words {
  let words = CUTTERS.get(locale);
  if (!words) {
    const cut = cutter(locale, LANGUAGES[locale].cutting);
    words = (text) => cut(normalized(locale, text));
    CUTTERS.set(locale, words);
  }
  return words;
}

/** Longest index term looked for at a position, in UTF-16 code units. */
const MAX_TERM = 32;

/**
 * A run of text (no spaces) cut into the longest index terms, left to right; where no index term
 * starts, the text up to the runtime segmenter's next boundary is one word. The boundaries are
 * asked for only then: segmenting costs a first search the load of the locale's dictionary.
 */
function cutByIndex(run: string, boundaries: () => ReadonlySet<number>, isTerm: (text: string) => boolean): string[] {
  const out: string[] = [];
  let from = 0;
  let cuts: ReadonlySet<number> | undefined;
  while (from < run.length) {
    let to = Math.min(run.length, from + MAX_TERM);
    while (to > from && !isTerm(run.slice(from, to))) to--;
    if (to === from) {
      cuts ??= boundaries();
      to = from + 1;
      while (to < run.length && !cuts.has(to)) to++;
    }
    out.push(run.slice(from, to));
    from = to;
  }
  return out;
}

/**
 * How a locale cuts a query over an index whose terms `isTerm` knows (given a lower-cased word; a
 * stop word counts as known): as `wordsOf` cuts text, except in the segmented locales. There the
 * index was cut at build time and the query is cut where the Worker runs, whose segmentation
 * dictionaries may differ (Node and workerd cut some Khmer words differently), so each run of text
 * between spaces is cut into the longest index terms it holds, left to right, and the segmenter's
 * boundaries only cut what no index term covers.
 */
export function queryWordsOf(locale: LocaleCode, isTerm: (text: string) => boolean): Words {
  if (LANGUAGES[locale].cutting !== 'segmenter') return wordsOf(locale);
  const segmenter = segmenterOf(locale);
  const known = (text: string) => isTerm(text.toLowerCase());
  const boundariesOf = (run: string) => () => new Set([...segmenter().segment(run)].map((seg) => seg.index));
  const cutRun = (run: string) => cutByIndex(run, boundariesOf(run), known);
  const cut = byPhrase((phrase) => (phrase.match(/\S+/g) ?? []).flatMap(cutRun));
  return (text) => cut(normalized(locale, text));
}
