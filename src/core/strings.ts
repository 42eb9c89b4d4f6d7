/** Ids of content and datachains: letters, digits, `_` and `-`. */
export const SLUG_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** Whether `text` is one or more ASCII digits (`/^\d+$/`, compared rather than run as an expression). */
export function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
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
