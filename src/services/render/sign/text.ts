import { breakPieces, graphemes } from './breaks.js';

/** Characters XML 1.0 forbids in character data, and lone UTF-16 surrogates. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Surrogate}/gu;

/**
 * Breakable white space: what `\s` matches less the no-break spaces (U+00A0, U+2007, U+202F), which
 * French puts before `: ; ? !` and which must keep their character (a line must not start with "?").
 */
const BREAKABLE_SPACE = /[\t\n\v\f\r \u0085\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000\ufeff]+/g;

/** One line of text for the sign: markup is escaped later by JSX; this drops what XML cannot hold and folds breakable whitespace into one space. */
export function signText(s: string): string {
  return s.replace(XML_INVALID, '').replace(BREAKABLE_SPACE, ' ').trim();
}

export type Weight = 'regular' | 'bold';

/** Two texts joined with a space, or with none after full-width punctuation, which has its own room ("运营方：名称", "能。部分"). */
export const spaced = (a: string, b: string) =>
  /[\u3000-\u303f\uff00-\uffef]$/.test(a) || !a ? `${a}${b}` : `${a} ${b}`;

/** A stretch of text in one language (`lang` unset: the language of the element that holds it). */
export interface Run {
  text: string;
  lang?: string;
}

/** Full-width characters: Chinese, Japanese and Korean letters and the full-width forms (1 em in their fonts). */
const FULL_WIDTH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}⺀-⿿　-〿㈀-㏿！-｠￠-￦]/u;
/** Marks drawn on another letter, and the zero-width characters: no advance of their own. */
const NO_ADVANCE = /[\p{Mn}\p{Me}​-‏⁠﻿]/u;

/**
 * Advance of a Khmer character in em, on the wide side of Noto Sans Khmer and the common Khmer
 * system fonts: a letter, a vowel sign written beside it, and a subscript letter after the coeng
 * (U+17D2), which takes no room of its own except ro (U+179A), written before its letter.
 */
function khmerAdvance(ch: string, prev: string): number {
  if (prev === '\u17d2') return ch === '\u179a' ? 0.4 : 0.1;
  if (/[\u17b6\u17be-\u17c5\u17c7\u17c8]/.test(ch)) return 0.4;
  if (/\p{Mn}/u.test(ch)) return 0;
  return 0.85;
}

/**
 * Advance of a character in em, on the wide side of common sans-serif system fonts (DejaVu Sans
 * is the widest of them) and of the Noto fonts the sign names for Chinese and Khmer, so a line
 * measured here stays inside its box in any of them.
 */
function advance(ch: string, prev: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x1780 && cp <= 0x17ff) return khmerAdvance(ch, prev);
  const known = ADVANCES.get(ch);
  if (known !== undefined) return known;
  const em = advanceOf(ch, cp);
  if (ADVANCES.size < ADVANCES_AT_MOST) ADVANCES.set(ch, em);
  return em;
}

/** The advances of the characters met so far but Khmer's (which depend on the one before): each is a few expressions' tests. */
const ADVANCES = new Map<string, number>();
const ADVANCES_AT_MOST = 4096;

function advanceOf(ch: string, cp: number): number {
  if (NO_ADVANCE.test(ch)) return 0;
  if (FULL_WIDTH.test(ch)) return 1;
  if (/[il.,:;'’!|\u00a0\u2007\u202f]/.test(ch)) return 0.34;
  if (/[fjrtI()[\]/-]/.test(ch)) return 0.46;
  if (ch === ' ') return 0.34;
  if (/[mwMW@]/.test(ch)) return 1.0;
  if (/\p{Lu}/u.test(ch)) return 0.78;
  if (/[0-9]/.test(ch)) return 0.66;
  return cp > 0x2e7f ? 1.05 : 0.64;
}

/** Width of `text` in sign units at `size` units per em. */
export function textWidth(text: string, size: number, weight: Weight = 'regular'): number {
  return inUnits(emAfter(text, '').em, size, weight);
}

/** A line's measure before its first character (never changed: each measure is a new object). */
type Measure = { readonly em: number; readonly trimmed: number; readonly last: string };
const LINE_START: Measure = { em: 0, trimmed: 0, last: '' };

/** `em` in sign units at `size` units per em (one expression, so every width is rounded alike). */
const inUnits = (em: number, size: number, weight: Weight) => em * size * (weight === 'bold' ? 1.1 : 1);

/** What white space is to `trimEnd` (and to `\s`): a line's trailing run of it takes no room. */
const TRIMMED = /\s/;

/**
 * The advances of `text` added one by one onto `from` em, its first character measured after `prev`
 * (the character before it on its line, '' at a line's start): `em` with every character, `trimmed`
 * up to its last character that is not white space (`from` when there is none), and `last`, its last
 * character (`prev` for an empty text). Adding in this order gives a line's width exactly as
 * measuring the whole line at once does, so lines are measured as they grow instead of again. Given
 * `fits`, it stops at the first character past it: the answer then says only that it does not fit.
 */
function emAfter(text: string, prev: string, from = 0, trimmedFrom = from, fits?: (em: number) => boolean) {
  let em = from;
  let trimmed = trimmedFrom;
  let last = prev;
  for (const ch of text) {
    em += advance(ch, last);
    last = ch;
    if (TRIMMED.test(ch)) continue;
    trimmed = em;
    // `trimmed` only grows: once past what fits, the rest cannot bring it back (the caller drops this).
    if (fits && !fits(trimmed)) break;
  }
  return { em, trimmed, last };
}

/**
 * Splits a word wider than the line after URL delimiters where it can, else between graphemes where
 * it must; nothing is dropped. Each part is the longest run of graphemes from where the last ended
 * that fits (at least one), measured once as it grows; past `most` parts, the rest is one last part.
 */
function splitWord(word: string, fits: (em: number) => boolean, locale: string, most: number): string[] {
  const parts: string[] = [];
  const gs = graphemes(word, locale);
  let start = 0;
  while (start < gs.length) {
    if (parts.length === most) {
      // No line after these is kept (a clamped text): the rest goes in one part, never laid out.
      parts.push(gs.slice(start).join(''));
      break;
    }
    let at = 0;
    let run: Measure = LINE_START;
    for (let j = start; j < gs.length; j++) {
      run = emAfter(gs[j]!, run.last, run.em, run.trimmed);
      if (!fits(run.trimmed)) break;
      at++;
    }
    if (start + at === gs.length) {
      parts.push(gs.slice(start).join(''));
      break;
    }
    at = Math.max(at, 1);
    const window = gs.slice(start, start + at);
    const cut = Math.max(...[...'/.-?&=_#@'].map((c) => window.lastIndexOf(c)));
    if (cut >= at / 2) at = cut + 1;
    parts.push(gs.slice(start, start + at).join(''));
    start += at;
  }
  return parts;
}

/**
 * Breaks `clean` (already folded by `signText`) into lines no wider than `width` at `size`, as
 * `[start, end)` offsets into it (a line's trailing space is outside its end): every character is
 * kept, lines break where `breakPieces` allows in `locale`, and a piece wider than a line is split,
 * preferably after a URL delimiter. Linear in the text: a line's width is kept as it grows, so text
 * that never fills a line (zero-width characters) costs no more than text that does. It stops once
 * it has more than `limit` lines (a clamp keeps no more), so a clamped text costs what its kept lines do.
 */
function lineSlices(
  clean: string,
  width: number,
  size: number,
  weight: Weight,
  locale: string,
  limit = Number.MAX_SAFE_INTEGER,
): Array<[number, number]> {
  const fits = (em: number) => inUnits(em, size, weight) <= width;
  const slices: Array<[number, number]> = [];
  let start = 0;
  let line = '';
  let measured: Measure = LINE_START;
  const close = () => {
    if (line) slices.push([start, start + line.trimEnd().length]);
    start += line.length;
    line = '';
    measured = LINE_START;
  };
  const open = (text: string) => {
    line = text;
    measured = emAfter(text, '');
  };
  for (const piece of breakPieces(clean, locale)) {
    const grown = emAfter(piece, measured.last, measured.em, measured.trimmed, fits);
    if (fits(grown.trimmed)) {
      line += piece;
      measured = grown;
      continue;
    }
    close();
    if (slices.length > limit) return slices;
    if (fits(emAfter(piece, '', 0, 0, fits).trimmed)) {
      open(piece);
      continue;
    }
    const parts = splitWord(piece, fits, locale, limit - slices.length + 1);
    for (const part of parts.slice(0, -1)) {
      line = part;
      close();
      if (slices.length > limit) return slices;
    }
    open(parts.at(-1)!);
  }
  close();
  return slices;
}

/**
 * Word wrap to lines no wider than `width` at `size`, breaking where `locale` allows (see
 * `breakPieces`): every character is kept (no ellipsis), a word wider than a line is split.
 */
export function wrapWidth(
  text: string,
  width: number,
  size: number,
  weight: Weight = 'regular',
  locale = 'en',
): string[] {
  const clean = signText(text);
  return lineSlices(clean, width, size, weight, locale).map(([a, b]) => clean.slice(a, b));
}

/**
 * The longest run of `line`'s graphemes from its start that, with an ellipsis after it, fits in
 * `width` (the ellipsis itself not included in what is returned). Each grapheme is measured once.
 */
function ellipsized(line: string, width: number, size: number, weight: Weight, locale: string): string {
  const gs = graphemes(line, locale);
  const ends: Measure[] = [LINE_START];
  for (const g of gs) {
    const before = ends.at(-1)!;
    ends.push(emAfter(g, before.last, before.em, before.trimmed));
  }
  let keep = gs.length;
  while (keep > 0 && inUnits(emAfter('\u2026', ends[keep]!.last, ends[keep]!.em).em, size, weight) > width) keep--;
  return gs.slice(0, keep).join('');
}

/**
 * At most `max` lines of `runs` wrapped to `width` in `locale`, each line as its runs (a run's
 * `lang` kept, runs of one language merged); when more would be needed, the last one kept ends
 * with an ellipsis (shortened until it fits). `cut` says whether anything was left out.
 */
export function clampRuns(
  runs: readonly Run[],
  width: number,
  size: number,
  weight: Weight,
  max: number,
  locale: string,
): { lines: Run[][]; cut: boolean } {
  const { text, langs } = foldRuns(runs);
  // Lines past the one that shows the text is cut are never kept: they are not laid out.
  const slices = lineSlices(text, width, size, weight, locale, max);
  const cut = slices.length > max;
  const kept = slices.slice(0, max);
  const lines = kept.map(([a, b]) => runsOf(text, langs, a, b));
  if (cut) {
    const [a, b] = kept[max - 1]!;
    const end = a + ellipsized(text.slice(a, b), width, size, weight, locale).trimEnd().length;
    const last = runsOf(text, langs, a, end);
    const tail = last.at(-1);
    if (tail) tail.text += '\u2026';
    else last.push({ text: '\u2026', lang: langs[end - 1] });
    lines[max - 1] = last;
  }
  return { lines, cut };
}

/** As `clampRuns` for a text in one language, each line as a string. */
export function clampWidth(
  text: string,
  width: number,
  size: number,
  weight: Weight,
  max: number,
  locale = 'en',
): { lines: string[]; cut: boolean } {
  const r = clampRuns([{ text }], width, size, weight, max, locale);
  return { lines: r.lines.map((l) => l.map((x) => x.text).join('')), cut: r.cut };
}

/** The runs folded as one text by `signText`, with the language of each UTF-16 unit. */
function foldRuns(runs: readonly Run[]): { text: string; langs: (string | undefined)[] } {
  const units: string[] = [];
  const langs: (string | undefined)[] = [];
  // Whether the text so far ends with a space (or is empty): kept, not read back from a growing string.
  let afterSpace = true;
  for (const run of runs) {
    const folded = run.text.replace(XML_INVALID, '').replace(BREAKABLE_SPACE, ' ');
    for (let i = 0; i < folded.length; i++) {
      // One space where two runs meet with spaces.
      if (folded[i] === ' ' && afterSpace) continue;
      afterSpace = folded[i] === ' ';
      units.push(folded[i]!);
      langs.push(run.lang);
    }
  }
  const text = units.join('');
  const end = text.trimEnd().length;
  return { text: text.slice(0, end), langs: langs.slice(0, end) };
}

/** The runs of `text[a, b)`, one per stretch of one language. */
function runsOf(text: string, langs: readonly (string | undefined)[], a: number, b: number): Run[] {
  const out: Run[] = [];
  for (let i = a; i < b; i++) {
    const last = out.at(-1);
    if (last && last.lang === langs[i]) last.text += text[i];
    else out.push(langs[i] ? { text: text[i]!, lang: langs[i] } : { text: text[i]! });
  }
  return out;
}
