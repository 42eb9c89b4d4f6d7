/** Characters XML 1.0 forbids in character data, and lone UTF-16 surrogates. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Surrogate}/gu;

/** One line of text for the sign: markup is escaped later by JSX; this drops what XML cannot hold and folds whitespace. */
export function signText(s: string): string {
  return s.replace(XML_INVALID, '').replace(/\s+/g, ' ').trim();
}

/** Average advance of a character in em for a generic sans-serif, a little generous so text stays inside its box. */
const EM_PER_CHAR = { regular: 0.56, bold: 0.61 } as const;

/** How many characters fit in `width` units at `size` units per em. */
export function charsFor(width: number, size: number, weight: keyof typeof EM_PER_CHAR = 'regular'): number {
  return Math.max(4, Math.floor(width / (size * EM_PER_CHAR[weight])));
}

/**
 * Greedy word wrap to at most `maxLines` lines of `maxChars` characters; words longer than a line
 * are cut, and text that does not fit ends with an ellipsis. `anywhere` (links) breaks after a URL
 * delimiter in the second half of a line, else at the line's end.
 */
export function wrapText(text: string, maxChars: number, maxLines: number, anywhere = false): string[] {
  const clean = signText(text);
  if (!clean) return [];
  const lines: string[] = [];
  if (anywhere) {
    let rest = clean;
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars);
      const cut = Math.max(...[...'/.-?&=_#'].map((c) => window.lastIndexOf(c)));
      const at = cut >= maxChars / 2 ? cut + 1 : maxChars;
      lines.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    if (rest) lines.push(rest);
  } else {
    let line = '';
    for (let word of clean.split(' ')) {
      while (word.length > maxChars) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(word.slice(0, maxChars));
        word = word.slice(maxChars);
      }
      if (!line) line = word;
      else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(1, maxChars - 1)).trimEnd()}\u2026`;
  return kept;
}
