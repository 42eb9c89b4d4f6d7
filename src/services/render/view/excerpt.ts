import { isAscii } from '../../../core/utf8.js';
import type { LocalText } from '../shared/localize.js';

/** The words an excerpt keeps by default. */
const EXCERPT_WORDS = 25;
/** A sentence up to this much longer than the limit is kept whole rather than cut a few words short. */
const SLACK = 1.2;
/** A cut prefers the last clause mark in the last half of the kept words over the last word boundary. */
const CLAUSE_FROM = 0.5;
const CLAUSE_MARK = /[,;:\u2014\u2013]/u;
/** What never stands right before the ellipsis of a cut. */
const TRAILING: ReadonlySet<string> = new Set([' ', ',', ';', ':', '\u2014', '\u2013']);

/**
 * Text whose words can be bounded without segmenting it: characters of the blocks of Latin (with
 * Vietnamese), Greek and Cyrillic, their combining marks, general punctuation and currency signs,
 * but the cedilla U+00B8 (runtimes' segmenters disagree on it). There the word segmenter never
 * splits a run of RUN characters (letters, decimal digits, marks, and the characters that join
 * words: connector punctuation, U+202F) and finds no word outside one, so it finds at most as many
 * words as there are runs. Scripts written without spaces (Han, kana, Thai, Khmer, ...) split
 * within runs, and are always segmented.
 * `test/unit/excerpt-bound.test.ts` checks the bound against the runtime's segmenter.
 */
export const RUN_BOUNDED =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: a range of code points, combining marks among them, each matched on its own
  /^[\u0000-\u00B7\u00B9-\u024F\u0300-\u036F\u0370-\u03FF\u0400-\u04FF\u1E00-\u1EFF\u2000-\u206F\u20A0-\u20CF]*$/;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: marks are matched one code point at a time on purpose, as parts of a run
const RUN = /[\p{L}\p{Nd}\p{M}\p{Pc}\u202F]+/gu;
/** RUN in ASCII text, whose letters, decimal digits and connector punctuation (`_`) are these. */
const RUN_ASCII = /[A-Za-z0-9_]+/g;

/** An upper bound on the word segmenter's words in `text`: its runs when RUN_BOUNDED, else infinity. */
export function wordsAtMost(text: string): number {
  if (!RUN_BOUNDED.test(text)) return Number.POSITIVE_INFINITY;
  const run = isAscii(text) ? RUN_ASCII : RUN;
  let runs = 0;
  run.lastIndex = 0;
  while (run.exec(text) !== null) runs++;
  return runs;
}

/** What a sentence can end after in RUN_BOUNDED text: Unicode's sentence terminators and separators. */
const SENTENCE_BREAK = /[\n\r\u0085.!?\u037E\u2024\u2028\u2029\u203C\u203D\u2047-\u2049]/;
/** Sentence terminators, and the closing marks that may follow them at the end of a text. */
const TERMINATORS: ReadonlySet<string> = new Set([
  '.',
  '!',
  '?',
  '\u037E',
  '\u2024',
  '\u203C',
  '\u203D',
  '\u2047',
  '\u2048',
  '\u2049',
]);
const CLOSING: ReadonlySet<string> = new Set(['"', "'", '\u2019', '\u201D', ')', ']']);

/** Where the terminators ending `text` start (closing marks may follow them); its length when none does. */
function finalTerminators(text: string): number {
  let i = text.length;
  while (i > 0 && CLOSING.has(text[i - 1]!)) i--;
  const closing = i;
  while (i > 0 && TERMINATORS.has(text[i - 1]!)) i--;
  return i < closing ? i : text.length;
}

/**
 * Whether the sentence segmenter finds `text` (trimmed) to be one sentence, known without running
 * it: RUN_BOUNDED text with no terminator or separator but those ending it. A sentence ends only
 * after a terminator or a separator (Unicode's sentence boundary rules SB4 and SB11), and
 * terminators followed only by closing marks to the end end the text itself.
 * `test/unit/excerpt-bound.test.ts` checks it against the runtime's segmenter.
 */
export function isOneSentence(text: string): boolean {
  if (!RUN_BOUNDED.test(text)) return false;
  return !SENTENCE_BREAK.test(text.slice(0, finalTerminators(text)));
}

/** An author text shortened for the at-a-glance block; `cut` when the card holds more of it. */
export interface Excerpt {
  text: LocalText;
  cut: boolean;
}

const segmenters = new Map<string, { sentence: Intl.Segmenter; word: Intl.Segmenter }>();
function segmentersFor(lang: string) {
  let s = segmenters.get(lang);
  if (!s) {
    s = {
      sentence: new Intl.Segmenter(lang, { granularity: 'sentence' }),
      word: new Intl.Segmenter(lang, { granularity: 'word' }),
    };
    segmenters.set(lang, s);
  }
  return s;
}

/**
 * The first sentence of `source` (read in its own language, else `pageLang`), whole when it has at
 * most `limit` words (give or take SLACK); a longer one is cut after `limit` words (at the last
 * comma, semicolon, colon or dash in the last half when there is one) and ends with an ellipsis.
 * `cut` is true whenever anything of the text is left out. Words are counted by the locale's word
 * segmentation, so texts written without spaces are cut too.
 */
export function excerpt(source: LocalText, pageLang: string, limit = EXCERPT_WORDS): Excerpt {
  // Runs of ordinary white space fold to one space; no-break spaces (French typography) stay.
  const whole = source.text.trim().replace(/[ \t\n\r\f\v]+/g, ' ');
  const lang = source.lang ?? pageLang;
  const first = isOneSentence(whole)
    ? whole
    : (segmentersFor(lang).sentence.segment(whole)[Symbol.iterator]().next().value?.segment.trim() ?? whole);
  const shown = (text: string, cut: boolean): Excerpt => ({
    text: { text, ...(source.lang ? { lang: source.lang } : {}) },
    cut,
  });
  const most = Math.round(limit * SLACK);
  if (wordsAtMost(first) <= most) return shown(first, first.length < whole.length);
  // Words past `most` are not needed: a cut falls within the first `limit` (at most `most`) of them.
  const words: Array<{ start: number; end: number }> = [];
  for (const w of segmentersFor(lang).word.segment(first)) {
    if (!w.isWordLike) continue;
    words.push({ start: w.index, end: w.index + w.segment.length });
    if (words.length > most) break;
  }
  if (words.length <= most) return shown(first, first.length < whole.length);
  let at = words[limit - 1]!.end;
  for (let i = limit - 1; i >= Math.round(limit * CLAUSE_FROM) - 1; i--) {
    if (CLAUSE_MARK.test(first.slice(words[i]!.end, words[i + 1]!.start))) {
      at = words[i]!.end;
      break;
    }
  }
  // The cut falls at a word's end; marks and spaces before the ellipsis go (a plain loop, linear).
  let end = at;
  while (end > 0 && TRAILING.has(first[end - 1]!)) end--;
  return shown(`${first.slice(0, end)}\u2026`, true);
}
