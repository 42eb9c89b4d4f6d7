/** Ids of content and datachains: letters, digits, `_` and `-`. */
export const SLUG_PATTERN = /^[a-zA-Z0-9_-]+$/;

/**
 * `text` without the run of any of `chars` at its end. Linear; a regex such as /x+$/ is quadratic
 * on a long run that does not end the text.
 */
export function trimTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}
