import { emailAddress, isHttpUrl } from '../../core/addresses.js';
import { FACTS, type Fact, type FactResult, readFact } from './facts.js';
import { DATE, IRI, MONTH, optionName, optionValue, UUID } from './options.js';
import type { ExportReader } from './read.js';
import type { FieldSpec, TargetSpec } from './spec.js';

/** Where a field's value came from, or why it is empty. */
export const COVERAGE_STATUSES = ['datachain', 'option', 'fixed', 'needs_input', 'empty'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

/**
 * The coverage of one target field. `needs_input`: a required field nothing filled; `empty`: an
 * optional one. Both say why (`reason`) and what fills them (`fill`, and `fix_hint` in words).
 */
export interface CoverageItem {
  field: string;
  required: boolean;
  status: CoverageStatus;
  /** What the field's value was read from: datachain paths, or the option's name. */
  from?: string[];
  /** The DTPR source of the field, in the schema's words. */
  source?: string;
  reason?: string;
  fix_hint?: string;
  /** What fills the field: the option, and what to add to the datachain when a datachain can hold it. */
  fill?: { option?: string; datachain?: string };
  /** Texts not in the export's locale, by path (they are never used in another language). */
  untranslated?: string[];
}

export interface CoverageSummary {
  fields: number;
  from_datachain: number;
  from_options: number;
  fixed: number;
  needs_input: number;
  empty: number;
}

export interface Exported {
  record: Record<string, unknown>;
  coverage: CoverageItem[];
  summary: CoverageSummary;
  /** Values a datachain gave that the register's limits refuse, in words. */
  warnings: string[];
}

const LANGUAGE: Record<string, string> = { nl: 'Dutch', en: 'English', fr: 'French' };

/** Why a value read from a datachain does not fit the field, or undefined when it does. */
function misfit(f: FieldSpec, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  switch (f.kind) {
    case 'text':
      return f.max !== undefined && value.length > f.max
        ? `the text is ${value.length} characters; the register takes at most ${f.max} (it is never cut)`
        : undefined;
    case 'email':
      return emailAddress(value) && value.length <= (f.max ?? 254)
        ? undefined
        : `'${value.slice(0, 80)}' is not an email address the register takes`;
    case 'url':
      return isHttpUrl(value) && value.length <= (f.max ?? 2048)
        ? undefined
        : `'${value.slice(0, 80)}' is not an http(s) URL the register takes`;
    case 'uuid':
      return UUID.test(value) ? undefined : `'${value.slice(0, 80)}' is not a UUID`;
    case 'date':
      return DATE.test(value) ? undefined : `'${value.slice(0, 40)}' is not a date (YYYY-MM-DD)`;
    case 'month':
      return MONTH.test(value) ? undefined : `'${value.slice(0, 40)}' is not a month (YYYY-MM)`;
    case 'iri':
      return IRI.test(value) ? undefined : `'${value.slice(0, 80)}' is not an absolute IRI`;
    default:
      return undefined;
  }
}

/** Sets `a.b` paths in a record. */
function put(record: Record<string, unknown>, field: string, value: unknown): void {
  const keys = field.split('.');
  let node = record;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

const factOf = (f: FieldSpec): Fact | undefined => (typeof f.from === 'string' ? FACTS[f.from] : f.from);

/** How an option of a kind with a fixed form is written, for hints. */
const FORM: Partial<Record<FieldSpec['kind'], string>> = {
  date: 'a date, YYYY-MM-DD',
  month: 'a month, YYYY-MM',
  email: 'an email address',
  url: 'an http(s) URL',
  uuid: 'a UUID',
  iri: 'an absolute IRI',
};

/** Paths for a hint: the first three, then how many more. */
const listed = (paths: readonly string[]) =>
  paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ');

/**
 * The words that tell an author how to fill a field. `refusedAt` holds the datachain paths of a value
 * the field refused (too long, or not of its form): the hint then says to change that value, since
 * adding one would change nothing.
 */
function hintFor(
  spec: TargetSpec,
  f: FieldSpec,
  fact: Fact | undefined,
  r: ExportReader,
  result?: FactResult,
  refusedAt?: readonly string[],
  refusedLength?: number,
): CoverageItem['fill'] & { hint: string } {
  const name = optionName(f);
  const option = name ? `options.${spec.optionKey}.${name}` : undefined;
  const language = LANGUAGE[r.locale] ?? `'${r.locale}'`;
  const form =
    f.kind === 'text'
      ? ` (${language} text${f.max ? `, at most ${f.max} characters` : ''})`
      : FORM[f.kind]
        ? ` (${FORM[f.kind]})`
        : '';
  const optionWords = option ? `pass ${option}${form}${f.values ? ` (one of: ${f.values.join(', ')})` : ''}` : '';
  if (result && 'untranslated' in result) {
    const canHold = r.source.locales.includes(r.locale);
    const words = canHold
      ? `Add a '${r.locale}' text at ${result.untranslated.slice(0, 5).join(', ')}${result.untranslated.length > 5 ? ' and more' : ''}${option ? `, or ${optionWords}` : ''}.`
      : `Version ${r.source.version} has no '${r.locale}' texts, so ${optionWords || 'the field stays empty'}.`;
    return { option, datachain: canHold ? `'${r.locale}' texts of ${fact?.where}` : undefined, hint: words };
  }
  if (result && 'unheld' in result) {
    const words = `${result.absent.charAt(0).toUpperCase()}${result.absent.slice(1)}, so ${optionWords || 'the field stays empty'}.`;
    return { option, hint: words };
  }
  const datachain = fact?.fill;
  const change =
    refusedAt && refusedAt.length
      ? f.kind === 'text' && f.max !== undefined
        ? refusedAt.length === 1
          ? `Shorten the datachain's text at ${refusedAt[0]} to at most ${f.max} characters`
          : `Shorten the datachain's texts at ${listed(refusedAt)}: joined, they come to ${refusedLength} characters, and the register takes at most ${f.max}`
        : `Correct the datachain's value at ${listed(refusedAt)}${FORM[f.kind] ? ` (${FORM[f.kind]})` : ''}`
      : datachain
        ? `Add ${datachain} to the datachain`
        : '';
  const parts = [change, optionWords].filter(Boolean);
  const hint = parts.length ? `${parts.join(', or ')}.` : 'Nothing fills this field.';
  return { option, datachain, hint: hint.charAt(0).toUpperCase() + hint.slice(1) };
}

/** One field: an option wins, then the datachain; a required field nothing fills is needs_input. */
function cover(
  spec: TargetSpec,
  f: FieldSpec,
  r: ExportReader,
  options: Record<string, unknown> | undefined,
  record: Record<string, unknown>,
  warnings: string[],
): CoverageItem {
  const base = { field: f.field, required: f.required };
  if (f.kind === 'const') {
    put(record, f.field, f.value ?? r.locale);
    return { ...base, status: 'fixed', source: f.value === undefined ? "the export's locale" : 'set by the export' };
  }
  if (f.sameAs) {
    const value = optionValue(record, f.sameAs);
    if (value !== undefined) {
      put(record, f.field, value);
      return { ...base, status: 'fixed', source: `repeats ${f.sameAs}` };
    }
    return {
      ...base,
      status: f.required ? 'needs_input' : 'empty',
      reason: `${f.sameAs} is empty`,
      fix_hint: `Fill ${f.sameAs}; this field repeats it.`,
      fill: { option: `options.${spec.optionKey}.${f.sameAs}` },
    };
  }
  const name = optionName(f);
  const given = name ? optionValue(options, name) : undefined;
  if (given !== undefined) {
    put(record, f.field, given);
    return { ...base, status: 'option', from: [`options.${spec.optionKey}.${name}`] };
  }
  const fact = factOf(f);
  const result = fact && readFact(fact, r);
  if (result && 'value' in result) {
    const wrong = misfit(f, result.value);
    if (!wrong) {
      put(record, f.field, result.value);
      return { ...base, status: 'datachain', from: result.from, source: fact!.where };
    }
    const length = typeof result.value === 'string' ? result.value.length : undefined;
    const { hint, ...fill } = hintFor(spec, f, fact, r, undefined, result.from, length);
    warnings.push(`${f.field}: ${wrong}`);
    return {
      ...base,
      status: f.required ? 'needs_input' : 'empty',
      source: fact!.where,
      from: result.from,
      reason: wrong,
      fix_hint: hint,
      fill,
    };
  }
  const { hint, ...fill } = hintFor(spec, f, fact, r, result);
  const reason = !result
    ? 'a datachain does not hold this'
    : 'absent' in result
      ? result.absent
      : `${result.untranslated.length} text(s) are not written in '${r.locale}' (no other language stands in)`;
  return {
    ...base,
    status: f.required ? 'needs_input' : 'empty',
    ...(fact ? { source: fact.where } : {}),
    reason,
    fix_hint: hint,
    fill,
    ...(result && 'untranslated' in result ? { untranslated: result.untranslated } : {}),
  };
}

/**
 * Exports a datachain to a target: every field of the target is covered in order, the record holds
 * only the fields something filled (never an invented value), and the summary counts them.
 */
export function exportTo(spec: TargetSpec, r: ExportReader, options: Record<string, unknown> | undefined): Exported {
  const record: Record<string, unknown> = {};
  const warnings: string[] = [];
  const coverage = spec.fields.map((f) => cover(spec, f, r, options, record, warnings));
  const count = (s: CoverageStatus) => coverage.filter((c) => c.status === s).length;
  return {
    record,
    coverage,
    warnings,
    summary: {
      fields: coverage.length,
      from_datachain: count('datachain'),
      from_options: count('option'),
      fixed: count('fixed'),
      needs_input: count('needs_input'),
      empty: count('empty'),
    },
  };
}
