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
  const seg = segmentersFor(source.lang ?? pageLang);
  const first = seg.sentence.segment(whole)[Symbol.iterator]().next().value?.segment.trim() ?? whole;
  const words: Array<{ start: number; end: number }> = [];
  for (const w of seg.word.segment(first))
    if (w.isWordLike) words.push({ start: w.index, end: w.index + w.segment.length });
  const shown = (text: string, cut: boolean): Excerpt => ({
    text: { text, ...(source.lang ? { lang: source.lang } : {}) },
    cut,
  });
  if (words.length <= Math.round(limit * SLACK)) return shown(first, first.length < whole.length);
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
