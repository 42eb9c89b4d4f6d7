import type * as z from 'zod';
import { isRecord } from '../../core/values.js';
import type { Deadline } from '../../core/deadline.js';
import { safeParseFast } from '../../core/fast-parse.js';
import { issuesToErrors } from '../../core/zod-issues.js';
import type { Finding } from '../../services/validator/finding.js';
import { unknownKeys } from '../../services/validator/unknown-keys.js';

/**
 * The `datachain` objects callers sent, by the argument parser's copy of each, kept only where the
 * two differ in more than identity: the copy leaves out a `__proto__` key (a JSON body can carry
 * one), and the unknown-key check must see it to say it is ignored rather than lose it silently.
 * The tools themselves read the copy, so no answer carries the key back.
 */
const sentAs = new WeakMap<object, Record<string, unknown>>();

/** Records `sent` as what the caller sent for `copy`, when `sent` has an own `__proto__` key. */
export function rememberSent(copy: unknown, sent: unknown): void {
  if (isRecord(copy) && isRecord(sent) && copy !== sent && Object.hasOwn(sent, '__proto__')) sentAs.set(copy, sent);
}

/** A datachain argument after its shape check: the value, or its `parse_error` findings; `unknown_key` warnings either way. */
export type ParsedDatachain<T> =
  | { ok: true; value: T; warnings: Finding[] }
  | { ok: false; errors: Finding[]; warnings: Finding[] };

/**
 * Parses a datachain argument: shape errors are `parse_error` findings (one per issue, with a path
 * into the datachain), unknown keys are `unknown_key` warnings whether or not the shape is valid.
 * A valid datachain is read by the schema's fast parser (`safeParseFast`); zod reads and words the rest.
 */
export function parseDatachainArg<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  deadline: Deadline,
): ParsedDatachain<z.output<S>> {
  const warnings = unknownKeys(schema, (isRecord(raw) && sentAs.get(raw)) || raw, deadline);
  const parsed = safeParseFast(schema, raw);
  if (parsed.success) return { ok: true, value: parsed.data, warnings };
  const errors = issuesToErrors(parsed.error.issues, 'parse_error', schema).map(
    (e) => ({ ...e, severity: 'error', path: e.path ?? '', fix_hint: e.fix_hint ?? '' }) as Finding,
  );
  return { ok: false, errors, warnings };
}
