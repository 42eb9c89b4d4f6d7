import * as z from 'zod';
import { isRecord } from '../../core/values.js';
import { splitVersion } from '../../core/version.js';
import type { Deadline } from '../../core/deadline.js';
import { type Answer, err, type Meta, ok } from '../../core/envelope.js';
import { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import { DatachainInstance } from '../../domain/datachain.js';
import { checkResolved, checkThin } from '../../services/validator/engine.js';
import { type Finding, MAX_FINDINGS, splitFindings } from '../../services/validator/finding.js';
import type { Release } from '../../store/release.js';
import { servedStatus, type SchemaStore } from '../../store/store.js';
import { ErrorItemSchema } from './envelope-schema.js';
import { type ParsedDatachain, parseDatachainArg } from './parse-datachain.js';
import { releaseMeta } from './release-answer.js';

/** `data` of a valid answer: the datachain is valid, with the non-blocking findings. */
export const ValidOutput = z.object({ ok: z.literal(true), warnings: z.array(ErrorItemSchema) });

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

function checked<T>(
  release: Release,
  raw: unknown,
  parsed: ParsedDatachain<T>,
  rules: (value: T) => Finding[],
): CheckedDatachain<T> {
  const findings = parsed.ok
    ? [...parsed.warnings, ...rules(parsed.value)]
    : [...parsed.errors.map((e) => aliasPinned(e, raw, checkedAgainst(release))), ...parsed.warnings];
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
  const parsed = parseDatachainArg(DatachainInstance, raw, deadline);
  return checked(release, raw, { ...parsed, warnings: parsed.warnings.map(resolvedPart) }, (dc) =>
    checkThin(dc, release, { deadline, isServed: servedBy(store) }),
  );
}

/** The top-level keys only a resolved datachain has. */
const RESOLVED_PARTS = new Set(['schema_snapshot', 'suggested_elements']);

/**
 * A thin check's `unknown_key` warning on a resolved datachain's own part: its hint says which
 * check reads that form, rather than only to remove the part.
 */
function resolvedPart(w: Finding): Finding {
  if (w.code !== 'unknown_key' || !RESOLVED_PARTS.has(w.path)) return w;
  return {
    ...w,
    fix_hint: `This is a resolved datachain (resolve_datachain's answer): check it with validate_resolved. To check it as a thin datachain, remove '${w.path}'.`,
  };
}

/**
 * Whether the store serves a canonical version id, without reading that release (`servedStatus`).
 * The check rules ask it only to word a finding (a pinned `schema_version`), and a release read for
 * that alone would cost the call a whole release's read and parse (20 ms for the `dtpr` release).
 */
export const servedBy = (store: SchemaStore) => (id: string) => servedStatus(store, id) !== undefined;

/**
 * An alias written as the datachain's `schema_version` (`dtpr@latest-beta`): the shape error says
 * that a datachain names its release by id; `hint(alias, type)` says which id to write instead.
 * Any other finding is returned as it is.
 */
export function aliasPinned(e: Finding, raw: unknown, hint: (alias: string, type: string) => string): Finding {
  if (e.path !== 'schema_version' || !isRecord(raw) || typeof raw.schema_version !== 'string') return e;
  const alias = raw.schema_version;
  const split = splitVersion(alias);
  if (split.error !== undefined || (split.value.rest !== 'latest' && split.value.rest !== 'latest-beta')) return e;
  return {
    ...e,
    message: `'${alias}' is an alias, which moves as releases are published; a datachain names the release it was written for by its id.`,
    fix_hint: hint(alias, split.value.type),
  };
}

/** The alias hint of a check against `release`: its id when it is of the alias's type. */
const checkedAgainst = (release: Release) => (_alias: string, type: string) =>
  type === release.bundle.datachain_type.id
    ? `Use "schema_version": "${release.id}" (the release this call checks against), or leave schema_version out.`
    : 'Use the id of a release of its type (list_schema_versions lists each alias with the id it names), or leave schema_version out.';

/**
 * A thin datachain where a resolved one is asked: the missing snapshot's hint says which tools take
 * it or make the resolved form, rather than "Provide 'schema_snapshot'".
 */
function withThinHint<T>(parsed: ParsedDatachain<T>, raw: unknown): ParsedDatachain<T> {
  if (parsed.ok || !isRecord(raw) || Object.hasOwn(raw, 'schema_snapshot')) return parsed;
  const errors = parsed.errors.map((e) =>
    e.path === 'schema_snapshot'
      ? {
          ...e,
          fix_hint: "A thin datachain: check it with validate_datachain, or pass resolve_datachain's answer here.",
        }
      : e,
  );
  return { ...parsed, errors };
}

/** Shape check and every resolved-datachain rule; drift is checked when the pinned version is served. */
export function checkResolvedDatachain(
  raw: unknown,
  release: Release,
  store: SchemaStore,
  deadline: Deadline,
): CheckedDatachain<ResolvedDatachainInstance> {
  return checked(release, raw, withThinHint(parseDatachainArg(ResolvedDatachainInstance, raw, deadline), raw), (dc) =>
    checkResolved(dc, release, store.release(dc.schema_version ?? release.id), { deadline, isServed: servedBy(store) }),
  );
}

/** The answer of a check tool: the soft failure, or `{ok: true, warnings}`. */
export function checkAnswer<T>(c: CheckedDatachain<T>): Answer<z.input<typeof ValidOutput>> {
  return c.ok ? ok({ ok: true as const, warnings: c.warnings }, c.meta) : c.outcome;
}
