import type { ErrorItem } from './envelope.js';
import { SLUG_PATTERN } from '../domain/locale.js';

export interface ParsedVersion {
  type: string;
  date: string;
  beta: boolean;
  canonical: string;
}

const FIX = "Use the canonical '<type>@YYYY-MM-DD[-beta]' form or an alias such as 'ai@latest'; list_schema_versions lists them.";

function bad(message: string): { error: ErrorItem } {
  return { error: { code: 'bad_request', message, path: 'version', fix_hint: FIX } };
}

function isCalendarDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Splits `<type>@<rest>` (also `%40` or `/` as separator); `rest` is a date or an alias word. */
export function splitVersion(raw: string): { type: string; rest: string } | { error: ErrorItem } {
  let input = raw;
  if (input.includes('%')) {
    try { input = decodeURIComponent(input); } catch { return bad(`Malformed version parameter: '${raw}'.`); }
  }
  const at = input.search(/[@/]/);
  if (at <= 0 || at === input.length - 1) return bad(`Version must look like '<type>@YYYY-MM-DD[-beta]' (got '${raw}').`);
  const type = input.slice(0, at);
  if (!SLUG_PATTERN.test(type)) return bad(`Type '${type}' may only contain letters, digits, '_' and '-'.`);
  return { type, rest: input.slice(at + 1) };
}

/** Parses a dated version id; aliases are handled by the store, which knows the releases. */
export function parseDatedVersion(type: string, rest: string): ParsedVersion | { error: ErrorItem } {
  const m = /^(\d{4}-\d{2}-\d{2})(-beta)?$/.exec(rest);
  if (!m) {
    if (/^\d{4}-\d{2}-\d{2}-/.test(rest)) return bad(`Version '${type}@${rest}' has an unknown suffix; only '-beta' is allowed.`);
    return bad(`Date part must be YYYY-MM-DD (got '${rest}').`);
  }
  const date = m[1]!;
  if (!isCalendarDate(date)) return bad(`'${date}' is not a calendar date.`);
  const beta = Boolean(m[2]);
  return { type, date, beta, canonical: `${type}@${date}${beta ? '-beta' : ''}` };
}
