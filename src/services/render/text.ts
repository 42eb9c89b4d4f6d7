/** One run of a description: plain text, a filled variable, or a variable with no value. */
export type TextPart = { text: string } | { variable: string; value: string } | { missing: string };

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_-]+)\s*\}\}/g;

/** Splits a text at `{{variable}}` placeholders and fills them from `values` (never as markup). */
export function fillPlaceholders(text: string, values: ReadonlyMap<string, string>): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    const id = m[1]!;
    const value = values.get(id);
    parts.push(value ? { variable: id, value } : { missing: id });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}


/** Only http(s) and mailto links survive; anything else is shown as text. */
export function safeHref(target: string, kind: 'web' | 'email'): string | undefined {
  const t = target.trim();
  if (kind === 'email') return /^[^\s@<>"'`]+@[^\s@<>"'`]+\.[^\s@<>"'`]+$/.test(t) ? `mailto:${t}` : undefined;
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
