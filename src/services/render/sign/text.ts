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

/**
 * Advance of a character in em, on the wide side of common sans-serif system fonts (DejaVu Sans
 * is the widest of them), so a line measured here stays inside its box in any of them.
 */
function advance(ch: string): number {
  if (/[il.,:;'’!|\u00a0\u2007\u202f]/.test(ch)) return 0.34;
  if (/[fjrtI()[\]/-]/.test(ch)) return 0.46;
  if (ch === ' ') return 0.34;
  if (/[mwMW@]/.test(ch)) return 1.0;
  if (/[A-Z]/.test(ch) || /[À-ÞŒ]/.test(ch)) return 0.78;
  if (/[0-9]/.test(ch)) return 0.66;
  return ch.codePointAt(0)! > 0x2e7f ? 1.05 : 0.64;
}

/** Width of `text` in sign units at `size` units per em. */
export function textWidth(text: string, size: number, weight: Weight = 'regular'): number {
  let em = 0;
  for (const ch of text) em += advance(ch);
  return em * size * (weight === 'bold' ? 1.1 : 1);
}

/** Splits a word wider than `width` after URL delimiters where it can, else where it must; nothing is dropped. */
function splitWord(word: string, fits: (s: string) => boolean): string[] {
  const parts: string[] = [];
  let rest = word;
  while (!fits(rest)) {
    let at = 1;
    while (at < rest.length && fits(rest.slice(0, at + 1))) at++;
    const window = rest.slice(0, at);
    const cut = Math.max(...[...'/.-?&=_#@'].map((c) => window.lastIndexOf(c)));
    if (cut >= at / 2) at = cut + 1;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Word wrap to lines no wider than `width` at `size`: every character is kept (no ellipsis), a
 * word wider than a line is split, preferably after a URL delimiter.
 */
export function wrapWidth(text: string, width: number, size: number, weight: Weight = 'regular'): string[] {
  const clean = signText(text);
  if (!clean) return [];
  const fits = (s: string) => textWidth(s, size, weight) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of clean.split(' ')) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    const pieces = fits(word) ? [word] : splitWord(word, fits);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1)!;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * At most `max` lines of `text` wrapped to `width`; when more would be needed, the last one kept
 * ends with an ellipsis (shortened until it fits). `cut` says whether anything was left out.
 */
export function clampWidth(
  text: string,
  width: number,
  size: number,
  weight: Weight,
  max: number,
): { lines: string[]; cut: boolean } {
  const lines = wrapWidth(text, width, size, weight);
  if (lines.length <= max) return { lines, cut: false };
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last && textWidth(`${last}\u2026`, size, weight) > width) last = last.slice(0, -1);
  kept[max - 1] = `${last.trimEnd()}\u2026`;
  return { lines: kept, cut: true };
}
