import { isAscii } from './utf8.js';

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

/** Characters that take no room and show nothing: JS whitespace and Unicode's default-ignorable code points. */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Whether `text` shows nothing when printed: empty, or only whitespace and invisible characters
 * (zero-width spaces and joiners, bidirectional controls, a byte order mark, variation selectors,
 * a soft hyphen). ASCII text is held to `trim` alone, so the Unicode class is compiled only for text
 * that needs it.
 */
export function isBlank(text: string): boolean {
  return isAscii(text) ? text.trim() === '' : INVISIBLE_ONLY.test(text);
}
