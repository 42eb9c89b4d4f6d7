import { SLUG_PATTERN } from '../src/domain/locale.js';

/** A release id split into its parts: `ai@2026-08-12-beta` -> type `ai`, dir `2026-08-12-beta`. */
export interface VersionId {
  type: string;
  date: string;
  beta: boolean;
  /** Directory name under `schemas/<type>/`. */
  dir: string;
  /** Canonical id, `<type>@<dir>`. */
  id: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Parses a release directory name (`YYYY-MM-DD` or `YYYY-MM-DD-beta`). */
export function parseDirName(type: string, dir: string): Parsed<VersionId> {
  const m = /^(\d{4}-\d{2}-\d{2})(-beta)?$/.exec(dir);
  if (!m?.[1]) return { ok: false, message: `"${dir}" is not YYYY-MM-DD or YYYY-MM-DD-beta.` };
  if (!isCalendarDate(m[1])) return { ok: false, message: `${m[1]} is not a valid calendar date.` };
  return { ok: true, value: { type, date: m[1], beta: m[2] !== undefined, dir, id: `${type}@${dir}` } };
}

/** Accepts `ai@2026-08-12`, `ai%402026-08-12` and `ai/2026-08-12` (each with optional `-beta`). */
export function parseVersionId(input: string): Parsed<VersionId> {
  const text = input.replace(/%40/gi, '@');
  const m = /^([^@/]+)[@/]([^@/]+)$/.exec(text);
  if (!m?.[1] || !m[2]) {
    return { ok: false, message: `"${input}" is not a version id; use <type>@YYYY-MM-DD[-beta], e.g. ai@2026-08-12.` };
  }
  if (!SLUG_PATTERN.test(m[1])) return { ok: false, message: `"${m[1]}" is not a valid type name.` };
  const parsed = parseDirName(m[1], m[2]);
  return parsed.ok ? parsed : { ok: false, message: `In "${input}": ${parsed.message}` };
}

/** Newest first: later date first; on the same date a stable release before its beta. */
export function compareNewestFirst(a: VersionId, b: VersionId): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return Number(a.beta) - Number(b.beta);
}
