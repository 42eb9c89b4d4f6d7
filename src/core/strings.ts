/** `text` without the run of `char` at its end (linear; a regex such as /x+$/ is quadratic on a long run that does not end the text). */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}
