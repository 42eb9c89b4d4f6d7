import type { LocalText } from './localize.js';

/** One run of a title or description: plain text, a filled variable, or a variable with no value. */
export type TextPart =
  | { text: string; lang?: string }
  | { variable: string; value: string; lang?: string }
  | { missing: string };

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_-]+)\s*\}\}/g;

/** Splits a text at `{{variable}}` placeholders and fills them from `values` (never as markup). */
export function fillPlaceholders(source: LocalText, values: ReadonlyMap<string, LocalText>): TextPart[] {
  const parts: TextPart[] = [];
  const { text, lang } = source;
  const plain = (s: string): TextPart => (lang ? { text: s, lang } : { text: s });
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push(plain(text.slice(last, m.index)));
    const id = m[1]!;
    const value = values.get(id);
    parts.push(value?.text ? { variable: id, value: value.text, ...(value.lang ? { lang: value.lang } : {}) } : { missing: id });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(plain(text.slice(last)));
  return parts;
}

/** Ids of the variables a text names as `{{placeholders}}`. */
export function placeholderIds(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));
}

/** The parts as one plain string (filled values in place, missing ones as their placeholder). */
export function partsText(parts: readonly TextPart[]): string {
  return parts.map((p) => ('text' in p ? p.text : 'value' in p ? p.value : `{{${p.missing}}}`)).join('');
}

export type LinkKind = 'web' | 'email' | 'phone';

const EMAIL = /^[^\s@<>"'`:/?#]+@[^\s@<>"'`/?#]+\.[^\s@<>"'`/?#]+$/;

/** Only http(s), mailto and tel links survive; anything else is shown as text (`undefined`). */
export function safeHref(target: string, kind: LinkKind): string | undefined {
  const t = target.trim();
  if (kind === 'email') {
    const address = t.replace(/^mailto:/i, '');
    return EMAIL.test(address) ? `mailto:${address}` : undefined;
  }
  if (kind === 'phone') {
    const digits = t.replace(/^tel:/i, '').replace(/[\s().-]/g, '');
    return /^\+?[0-9]{3,20}$/.test(digits) ? `tel:${digits}` : undefined;
  }
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
