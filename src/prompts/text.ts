import { trimTrailing } from '../core/strings.js';

/**
 * A fenced block that no content can close early: the fence is one backtick longer than the
 * longest backtick run inside (at least three), as CommonMark requires.
 */
export function fence(text: string, info = ''): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) if (m[0].length > longest) longest = m[0].length;
  const bar = '`'.repeat(Math.max(3, longest + 1));
  return `${bar}${info}\n${text}\n${bar}`;
}

/** The first sentence of a text on one line, cut at a word boundary to at most `max` characters. */
export function oneLine(text: string, max = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  const first = end >= 0 ? flat.slice(0, end + 1) : flat;
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${trimTrailing(space > max / 2 ? cut.slice(0, space) : cut, ' \t\n,;:')}…`;
}

/** A caller's string quoted as a JSON string literal (escaped, one line), at most `max` characters long. */
export function quoted(value: string, max = 80): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}

/** Up to `max` items joined with ", ", then how many were left out. */
export function listOf(items: readonly string[], max: number, more: (n: number) => string): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, ${more(items.length - max)}` : shown;
}
