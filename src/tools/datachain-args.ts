import * as z from 'zod';
import type { Deadline } from '../core/deadline.js';
import { CAPS } from '../domain/caps.js';
import { ok, err, type Meta, type Answer } from '../core/envelope.js';
import { fastParser } from '../core/fast-parse.js';
import { issuesToErrors } from '../core/zod-issues.js';
import type { Finding } from '../services/validator/finding.js';
import { MAX_FINDINGS, splitFindings } from '../services/validator/finding.js';
import { unknownKeys } from '../services/validator/unknown-keys.js';
import { DatachainInstance } from '../domain/datachain.js';
import { ResolvedDatachainInstance } from '../domain/datachain-resolved.js';
import { checkResolved, checkThin } from '../services/validator/engine.js';
import type { Release } from '../store/release.js';
import type { SchemaStore } from '../store/store.js';
import { releaseMeta } from './common.js';
import { ErrorItemSchema } from './kernel/envelope-schema.js';

/** The `datachain` argument: any JSON object; its shape is checked by the tool, softly. */
export function datachainArg(form: 'thin' | 'resolved') {
  const caps =
    `Strings are capped: ids ${CAPS.id} characters, names and titles ${CAPS.name}, texts ${CAPS.text}, URLs ${CAPS.url}; ` +
    `an answer lists at most ${MAX_FINDINGS} errors and ${MAX_FINDINGS} warnings (meta.truncated counts the rest).`;
  return z
    .looseObject({})
    .describe(
      form === 'thin'
        ? `The datachain (thin form): {elements:[{element_id, context_type_id?, variables?:[{id, value}], ...}], schema_version?, id?, created_at?, ...}. get_schema include="full" has its JSON Schema (DatachainInstance). ${caps}`
        : `A resolved datachain, as resolve_datachain returns it: the thin form plus schema_snapshot and suggested_elements. get_schema include="full" has its JSON Schema (ResolvedDatachainInstance). ${caps}`,
    );
}

/** `data` of a valid answer: the datachain is valid, with the non-blocking findings. */
export const ValidOutput = z.object({ ok: z.literal(true), warnings: z.array(ErrorItemSchema) });

export type ParsedDatachain<T> =
  | { ok: true; value: T; warnings: Finding[] }
  | { ok: false; errors: Finding[]; warnings: Finding[] };

/**
 * Parses a datachain argument: shape errors are `parse_error` findings (one per issue, with a path
 * into the datachain), unknown keys are `unknown_key` warnings whether or not the shape is valid.
 * A valid datachain is read by the schema's fast parser; zod itself reads (and words) the rest.
 */
export function parseDatachainArg<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  deadline: Deadline,
): ParsedDatachain<z.output<S>> {
  const warnings = unknownKeys(schema, raw, deadline);
  const fast = fastParser(schema)(raw);
  if (fast) return { ok: true, value: fast.value as z.output<S>, warnings };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data, warnings };
  const errors = issuesToErrors(parsed.error.issues, 'parse_error', schema).map(
    (e) => ({ ...e, severity: 'error', path: e.path ?? '', fix_hint: e.fix_hint ?? '' }) as Finding,
  );
  return { ok: false, errors, warnings };
}

/**
 * The meta of a datachain answer: `warnings` is always present, as "code: message" strings;
 * `truncated` counts the findings left out past the per-answer cap.
 */
function datachainMeta(release: Release, warnings: readonly Finding[], dropped: number): Meta {
  const meta = releaseMeta(release, { warnings: warnings.map((w) => `${w.code}: ${w.message}`) });
  if (dropped > 0) {
    meta.truncated = dropped;
    meta.warnings!.push(
      `${dropped} more findings are not listed (at most ${MAX_FINDINGS} errors and ${MAX_FINDINGS} warnings are); fix these and check again.`,
    );
  }
  return meta;
}

/** A datachain argument after its shape check and rules: the value and its warnings, or the soft answer to send. */
export type CheckedDatachain<T> =
  | { ok: true; value: T; warnings: Finding[]; meta: Meta }
  | { ok: false; outcome: Answer<never> };

function checked<T>(release: Release, parsed: ParsedDatachain<T>, rules: (value: T) => Finding[]): CheckedDatachain<T> {
  const findings = parsed.ok ? [...parsed.warnings, ...rules(parsed.value)] : [...parsed.errors, ...parsed.warnings];
  const { errors, warnings, dropped } = splitFindings(findings);
  const meta = datachainMeta(release, warnings, dropped);
  if (!parsed.ok || errors.length) return { ok: false, outcome: err(errors, meta) };
  return { ok: true, value: parsed.value, warnings, meta };
}

/** Shape check and every thin-datachain rule against a release. */
export function checkThinDatachain(
  raw: unknown,
  release: Release,
  store: SchemaStore,
  deadline: Deadline,
): CheckedDatachain<DatachainInstance> {
  return checked(release, parseDatachainArg(DatachainInstance, raw, deadline), (dc) =>
    checkThin(dc, release, { deadline, isServed: servedBy(store) }),
  );
}

/** Whether the store serves a canonical version id. */
const servedBy = (store: SchemaStore) => (id: string) => store.release(id) !== undefined;

/** Shape check and every resolved-datachain rule; drift is checked when the pinned version is served. */
export function checkResolvedDatachain(
  raw: unknown,
  release: Release,
  store: SchemaStore,
  deadline: Deadline,
): CheckedDatachain<ResolvedDatachainInstance> {
  return checked(release, parseDatachainArg(ResolvedDatachainInstance, raw, deadline), (dc) =>
    checkResolved(dc, release, store.release(dc.schema_version ?? release.id), { deadline, isServed: servedBy(store) }),
  );
}

/** The answer of a check tool: the soft failure, or `{ok: true, warnings}`. */
export function checkAnswer<T>(c: CheckedDatachain<T>): Answer<z.input<typeof ValidOutput>> {
  return c.ok ? ok({ ok: true as const, warnings: c.warnings }, c.meta) : c.outcome;
}
