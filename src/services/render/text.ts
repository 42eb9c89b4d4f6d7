import { emailAddress, isHttpUrl } from '../../core/addresses.js';

/** One run of a description: plain text, a filled variable, or a variable with no value. */
export type TextPart = { text: string } | { variable: string; value: string } | { missing: string };

const isNameChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The `{{ name }}` placeholder starting at `open` (which holds `{{`): its name and the index after
 * it, or undefined. Reads only the characters of the placeholder itself, so scanning a text is
 * linear whatever it contains.
 */
function placeholderAt(text: string, open: number): { name: string; end: number } | undefined {
  let i = open + 2;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  if (i === start) return undefined;
  const name = text.slice(start, i);
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return text.startsWith('}}', i) ? { name, end: i + 2 } : undefined;
}

/** Splits a text at `{{variable}}` placeholders and fills them from `values` (never as markup). */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string>): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  let from = 0;
  for (let open = text.indexOf('{{', from); open !== -1; open = text.indexOf('{{', from)) {
    const found = placeholderAt(text, open);
    if (!found) {
      from = open + 1;
      continue;
    }
    if (open > last) parts.push({ text: text.slice(last, open) });
    const value = values.get(found.name);
    parts.push(value ? { variable: found.name, value } : { missing: found.name });
    last = from = found.end;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Only http(s) and mailto links survive; anything else is shown as text. */
export function safeHref(target: string, kind: 'web' | 'email'): string | undefined {
  const t = target.trim();
  if (kind === 'email') {
    const address = emailAddress(t);
    return address ? `mailto:${address}` : undefined;
  }
  return isHttpUrl(t) ? new URL(t).href : undefined;
}
