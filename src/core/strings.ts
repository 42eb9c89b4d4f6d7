/** Ids of content and datachains: letters, digits, `_` and `-`. */
export const SLUG_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** Whether the character at `i` of `text` is an ASCII digit (false past its end). */
export const isDigitAt = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/** Whether `text` is one or more ASCII digits (`/^\d+$/`, compared rather than run as an expression). */
export function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isDigitAt(text, i)) return false;
  return true;
}

/**
 * Whether `text` is a plain decimal number: an optional `-`, `0` or digits not starting with `0`,
 * then optionally `.` and digits (`/^-?(0|[1-9]\d*)(\.\d+)?$/`, compared rather than run).
 */
export function isPlainDecimal(text: string): boolean {
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  if (text.charCodeAt(i) === 48) i++;
  else if (!isDigitAt(text, i)) return false;
  else while (isDigitAt(text, i)) i++;
  if (i === text.length) return true;
  if (text.charCodeAt(i) !== 46) return false;
  const fraction = ++i;
  while (isDigitAt(text, i)) i++;
  return i > fraction && i === text.length;
}

/**
 * `text` without the run of any of `chars` at its end. Linear; a regex such as /x+$/ is quadratic
 * on a long run that does not end the text.
 */
export function trimTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/**
 * Unicode's default-ignorable code points (DerivedCoreProperties.txt, Default_Ignorable_Code_Point),
 * as ranges: characters a renderer draws as nothing (zero-width spaces and joiners, direction
 * controls, a soft hyphen, variation selectors, Hangul fillers, tags). Listed rather than matched
 * with `\p{Default_Ignorable_Code_Point}`: compiling a property class costs a fresh isolate's
 * first call 0.4-0.9 ms (`utf8.ts`), and a text almost always ends the scan at its first character.
 */
const IGNORABLE: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/** The first code point of `IGNORABLE`, whose ranges are in ascending order (a test holds them to it). */
const IGNORABLE_FROM = IGNORABLE[0]![0];

/** U+2800 BRAILLE PATTERN BLANK: not default-ignorable, but drawn as nothing, and used as an invisible filler. */
const BRAILLE_BLANK = 0x2800;

/**
 * Whether a code point draws as nothing: default-ignorable (`IGNORABLE`) or the blank braille cell.
 * Below the table's first code point (U+00AD) it answers without the scan: all of ASCII, so every
 * character of most addresses and of English text.
 */
function isIgnorable(cp: number): boolean {
  if (cp < IGNORABLE_FROM) return false;
  if (cp === BRAILLE_BLANK) return true;
  for (let i = 0; i < IGNORABLE.length; i++) {
    const range = IGNORABLE[i]!;
    if (cp < range[0]) return false;
    if (cp <= range[1]) return true;
  }
  return false;
}

/**
 * Whether `text` shows nothing when printed: empty, or only whitespace (as `trim` knows it),
 * default-ignorable characters (`IGNORABLE`) and the blank braille cell.
 */
export function isBlank(text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  // Trimmed, a text starts with a character that is not white space: almost always a visible one.
  if (!isIgnorable(t.codePointAt(0)!)) return false;
  for (const ch of t) if (!isIgnorable(ch.codePointAt(0)!) && ch.trim() !== '') return false;
  return true;
}

/** Whether `text` holds a character that draws as nothing (`isIgnorable`): a zero-width space, a direction control... */
export function hasIgnorable(text: string): boolean {
  for (const ch of text) if (isIgnorable(ch.codePointAt(0)!)) return true;
  return false;
}
