import type { Fact, FactKey } from './facts.js';

/**
 * The kinds of value a register field takes. Each kind has one option schema (options.ts) and one
 * check of values read from a datachain (coverage.ts), so a limit is enforced the same both ways.
 */
export type FieldKind =
  | 'text'
  | 'enum'
  | 'enum_list'
  | 'email'
  | 'url'
  | 'month'
  | 'date'
  | 'datetime'
  | 'uuid'
  | 'links'
  | 'iri'
  | 'jsonld'
  | 'const';

/** One field of a target, as the register defines it, and where a datachain fills it from. */
export interface FieldSpec {
  /** The field name in the target record (`facets.phase` names a nested field). */
  readonly field: string;
  readonly required: boolean;
  readonly kind: FieldKind;
  /** Longest text the register takes (characters of text without markup). */
  readonly max?: number;
  /** Allowed values of `enum` and `enum_list` fields. */
  readonly values?: readonly string[];
  /** The value of a `const` field, set by the export itself. */
  readonly value?: unknown;
  /** What the register wants here, in our words. */
  readonly about: string;
  /**
   * What fills the field from a datachain: a shared fact by key, or a reading of the target's own
   * (e.g. a register category derived from purpose elements). Absent: only an option fills it.
   */
  readonly from?: FactKey | Fact;
  /** Another field whose value this one repeats (a facet that mirrors a field). */
  readonly sameAs?: string;
  /** The option that sets the field (default: the field name); `null`: the export sets it alone. */
  readonly option?: string | null;
}

/** A register an export writes: its fields, its language rule and how the record is assembled. */
export interface TargetSpec {
  /** The `format` argument naming this target. */
  readonly format: string;
  /** The key of this target's options in `options`. */
  readonly optionKey: string;
  readonly title: string;
  /** Where the register's own definition comes from (for the docs). */
  readonly definition: string;
  /** The locale texts are taken in when the register fixes one; otherwise the caller's `locale`. */
  readonly fixedLocale?: string;
  readonly fields: readonly FieldSpec[];
  /** What a datachain cannot give this register, in our words (for the docs). */
  readonly cannot: readonly string[];
}
