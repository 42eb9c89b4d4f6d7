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
  let em = 0;
  let prev = '';
  for (const ch of text) {
    em += advance(ch, prev);
    prev = ch;
  }
  return em * size * (weight === 'bold' ? 1.1 : 1);
}

/** Splits a word wider than the line after URL delimiters where it can, else between graphemes where it must; nothing is dropped. */
function splitWord(word: string, fits: (s: string) => boolean, locale: string): string[] {
  const parts: string[] = [];
  let rest = graphemes(word, locale);
  while (rest.length && !fits(rest.join(''))) {
    let at = 1;
    while (at < rest.length && fits(rest.slice(0, at + 1).join(''))) at++;
    const window = rest.slice(0, at);
    const cut = Math.max(...[...'/.-?&=_#@'].map((c) => window.lastIndexOf(c)));
    if (cut >= at / 2) at = cut + 1;
    parts.push(rest.slice(0, at).join(''));
    rest = rest.slice(at);
  }
  if (rest.length) parts.push(rest.join(''));
  return parts;
}

/**
 * Breaks `clean` (already folded by `signText`) into lines no wider than `width` at `size`, as
 * `[start, end)` offsets into it (a line's trailing space is outside its end): every character is
 * kept, lines break where `breakPieces` allows in `locale`, and a piece wider than a line is split,
 * preferably after a URL delimiter.
 */
function lineSlices(
  clean: string,
  width: number,
  size: number,
  weight: Weight,
  locale: string,
): Array<[number, number]> {
  const fits = (s: string) => textWidth(s.trimEnd(), size, weight) <= width;
  const slices: Array<[number, number]> = [];
  let start = 0;
  let line = '';
  const close = () => {
    if (line) slices.push([start, start + line.trimEnd().length]);
    start += line.length;
    line = '';
  };
  for (const piece of breakPieces(clean, locale)) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    close();
    if (fits(piece)) {
      line = piece;
      continue;
    }
    const parts = splitWord(piece, fits, locale);
    for (const part of parts.slice(0, -1)) {
      line = part;
      close();
    }
    line = parts.at(-1)!;
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
  const slices = lineSlices(text, width, size, weight, locale);
  const cut = slices.length > max;
  const kept = slices.slice(0, max);
  const lines = kept.map(([a, b]) => runsOf(text, langs, a, b));
  if (cut) {
    const [a, b] = kept[max - 1]!;
    let keep = graphemes(text.slice(a, b), locale);
    while (keep.length && textWidth(`${keep.join('')}\u2026`, size, weight) > width) keep = keep.slice(0, -1);
    const end = a + keep.join('').trimEnd().length;
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
  let text = '';
  const langs: (string | undefined)[] = [];
  for (const run of runs) {
    const folded = run.text.replace(XML_INVALID, '').replace(BREAKABLE_SPACE, ' ');
    for (let i = 0; i < folded.length; i++) {
      // One space where two runs meet with spaces.
      if (folded[i] === ' ' && (text.length === 0 || text.endsWith(' '))) continue;
      text += folded[i];
      langs.push(run.lang);
    }
  }
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
