import { type Failure, failure, type Result, success } from './result.js';
import { badRequest } from './error-catalogue.js';
import type { ErrorItem } from './envelope.js';
import { SLUG_PATTERN } from './strings.js';

/**
 * Version ids, one module for the Worker and the schema CLI. A release is `<type>@<dir>` where
 * `<dir>` is `YYYY-MM-DD` (stable) or `YYYY-MM-DD-beta`: `ai@2026-08-12-beta` -> type `ai`,
 * dir `2026-08-12-beta`. Callers may write `%40` or `/` for `@`.
 */
export interface VersionId {
  type: string;
  date: string;
  beta: boolean;
  /** Directory name under `schemas/<type>/`. */
  dir: string;
  /** Canonical id, `<type>@<dir>`. */
  id: string;
}

/** A parse that gives a value or a one-line reason. */
export type Parsed<T> = Result<T, string>;

/** True for a real calendar date written `YYYY-MM-DD` (proleptic Gregorian, years 0000 to 9999). */
function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in `month` (1-12) of `year`. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Parses the part after `@` (a release directory name): `YYYY-MM-DD` or `YYYY-MM-DD-beta`. */
export function parseDirName(type: string, dir: string): Parsed<VersionId> {
  const m = /^(\d{4}-\d{2}-\d{2})(-beta)?$/.exec(dir);
  if (!m?.[1]) return failure(`'${dir.slice(0, 40)}' is not YYYY-MM-DD or YYYY-MM-DD-beta.`);
  if (!isCalendarDate(m[1])) return failure(`${m[1]} is not a valid calendar date.`);
  return success({ type, date: m[1], beta: m[2] !== undefined, dir, id: `${type}@${dir}` });
}

/** Splits `<type>@<rest>` (`%40` and `/` accepted for `@`); `rest` is a date or an alias word. */
export function splitVersion(input: string): Parsed<{ type: string; rest: string }> {
  const text = input.replace(/%40/gi, '@').replace(/%2F/gi, '/');
  const m = /^([^@/]+)[@/]([^@/]+)$/.exec(text);
  if (!m?.[1] || !m[2]) {
    return failure(`'${input.slice(0, 80)}' is not a version id; use <type>@YYYY-MM-DD[-beta], e.g. ai@2026-08-12.`);
  }
  if (!SLUG_PATTERN.test(m[1]))
    return failure(`'${m[1].slice(0, 40)}' is not a valid type name (letters, digits, '_' and '-').`);
  return success({ type: m[1], rest: m[2] });
}

/** Parses a dated release id such as `ai@2026-08-12` or `ai%402026-04-16-beta`. */
export function parseVersionId(input: string): Parsed<VersionId> {
  const split = splitVersion(input);
  if (split.error !== undefined) return split;
  const parsed = parseDirName(split.value.type, split.value.rest);
  return parsed.error === undefined ? parsed : failure(`In '${input.slice(0, 80)}': ${parsed.error}`);
}

/** Newest first: later date first; on the same date a stable release before its beta. */
export function compareNewestFirst(a: VersionId, b: VersionId): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return Number(a.beta) - Number(b.beta);
}

const FIX =
  "Use the canonical '<type>@YYYY-MM-DD[-beta]' form or an alias such as 'ai@latest' or 'dtpr@latest-beta'; list_schema_versions lists them.";

/** A malformed `version` argument, as the tools answer it. */
export function badVersion(message: string): Failure<ErrorItem> {
  return failure(badRequest({ message, path: 'version', fix_hint: FIX }));
}
