import { type Failure, failure, type Result, success } from './result.js';
import { badRequest } from './error-catalogue.js';
import type { ErrorItem } from './envelope.js';
import { isDigitAt, SLUG_PATTERN } from './strings.js';

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

/**
 * Whether `text` is written `dddd-dd-dd` (ASCII digits). The parsers of this module compare
 * characters rather than run regular expressions: V8 compiles an expression the first time it runs
 * it, and every isolate's first call parses a version id.
 */
function isDatePattern(text: string): boolean {
  if (text.length !== 10) return false;
  for (let i = 0; i < 10; i++) if (i === 4 || i === 7 ? text.charCodeAt(i) !== 45 : !isDigitAt(text, i)) return false;
  return true;
}

/** True for a real calendar date written `YYYY-MM-DD` (proleptic Gregorian, years 0000 to 9999). */
function isCalendarDate(text: string): boolean {
  if (!isDatePattern(text)) return false;
  const [year, month, day] = [Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in `month` (1-12) of `year`. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Parses the part after `@` (a release directory name): `YYYY-MM-DD` or `YYYY-MM-DD-beta`. */
export function parseDirName(type: string, dir: string): Parsed<VersionId> {
  const date = dir.slice(0, 10);
  const beta = dir.length > 10;
  if (!isDatePattern(date) || (beta && dir.slice(10) !== '-beta'))
    return failure(`'${dir.slice(0, 40)}' is not YYYY-MM-DD or YYYY-MM-DD-beta.`);
  if (!isCalendarDate(date)) return failure(`${date} is not a valid calendar date.`);
  return success({ type, date, beta, dir, id: `${type}@${dir}` });
}

/** Splits `<type>@<rest>` (`%40` and `/` accepted for `@`); `rest` is a date or an alias word. */
export function splitVersion(input: string): Parsed<{ type: string; rest: string }> {
  const text = input.includes('%') ? input.replaceAll('%40', '@').replaceAll('%2F', '/').replaceAll('%2f', '/') : input;
  // One `@` or `/`, with text on both sides.
  let at = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 64 && c !== 47) continue;
    if (at !== -1) {
      at = -1;
      break;
    }
    at = i;
  }
  if (at < 1 || at === text.length - 1) {
    return failure(`'${input.slice(0, 80)}' is not a version id; use <type>@YYYY-MM-DD[-beta], e.g. ai@2026-08-12.`);
  }
  const type = text.slice(0, at);
  if (!SLUG_PATTERN.test(type))
    return failure(`'${type.slice(0, 40)}' is not a valid type name (letters, digits, '_' and '-').`);
  return success({ type, rest: text.slice(at + 1) });
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
