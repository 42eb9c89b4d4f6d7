import { emailAddress, isHttpUrl, phoneNumber } from '../../../core/addresses.js';
import type { LocalText } from '../shared/localize.js';

/** One run of a title or description: plain text, a filled variable, or a variable with no value. */
export type TextPart =
  | { text: string; lang?: string }
  | { variable: string; value: string; lang?: string }
  | { missing: string };

const isNameChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The `{{ name }}` placeholder starting at `open` (which holds `{{`): its name and the index after
 * it, or undefined. It reads only the characters of the placeholder itself and stops at the first
 * one that cannot belong to it, so scanning a whole text stays linear whatever it contains.
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

/** Every placeholder of a text with its position, in order. */
function* placeholders(text: string): Generator<{ name: string; start: number; end: number }> {
  let from = 0;
  for (let open = text.indexOf('{{', from); open !== -1; open = text.indexOf('{{', from)) {
    const found = placeholderAt(text, open);
    if (!found) {
      from = open + 1;
      continue;
    }
    yield { name: found.name, start: open, end: found.end };
    from = found.end;
  }
}

/** Splits a text at `{{variable}}` placeholders and fills them from `values` (never as markup). */
export function fillPlaceholders(source: LocalText, values: ReadonlyMap<string, LocalText>): TextPart[] {
  const parts: TextPart[] = [];
  const { text, lang } = source;
  const plain = (s: string): TextPart => (lang ? { text: s, lang } : { text: s });
  let last = 0;
  for (const p of placeholders(text)) {
    if (p.start > last) parts.push(plain(text.slice(last, p.start)));
    const value = values.get(p.name);
    parts.push(
      value?.text
        ? { variable: p.name, value: value.text, ...(value.lang ? { lang: value.lang } : {}) }
        : { missing: p.name },
    );
    last = p.end;
  }
  if (last < text.length) parts.push(plain(text.slice(last)));
  return parts;
}

/** Ids of the variables a text names as `{{placeholders}}`. */
export function placeholderIds(text: string): Set<string> {
  return new Set([...placeholders(text)].map((p) => p.name));
}

/** The parts as one plain string (filled values in place, missing ones as their placeholder). */
export function partsText(parts: readonly TextPart[]): string {
  return parts.map((p) => ('text' in p ? p.text : 'value' in p ? p.value : `{{${p.missing}}}`)).join('');
}

/** The parts as runs of text, each with its `lang` when it has one (a missing value as its placeholder). */
export function partsRuns(parts: readonly TextPart[]): Array<{ text: string; lang?: string }> {
  return parts.map((p) => {
    const text = 'text' in p ? p.text : 'value' in p ? p.value : `{{${p.missing}}}`;
    const lang = 'lang' in p ? p.lang : undefined;
    return lang ? { text, lang } : { text };
  });
}

export type LinkKind = 'web' | 'email' | 'phone';

/** Only http(s), mailto and tel links survive; anything else is shown as text (`undefined`). */
export function safeHref(target: string, kind: LinkKind): string | undefined {
  const t = target.trim();
  if (kind === 'email') {
    const address = emailAddress(t);
    return address ? `mailto:${address}` : undefined;
  }
  if (kind === 'phone') {
    const number = phoneNumber(t);
    return number ? `tel:${number.replace(/[\s().-]/g, '')}` : undefined;
  }
  return isHttpUrl(t) ? new URL(t).href : undefined;
}
