import type { Deadline } from '../../core/deadline.js';
import type { ErrorItem } from '../../core/envelope.js';
import { DATACHAIN_CODES, type DatachainCode, type Severity } from '../../core/errors.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { Pool } from './pool.js';

/** One validation result: an envelope error item that always has a severity, a path and a fix. */
export type Finding = ErrorItem & { code: DatachainCode; severity: Severity; path: string; fix_hint: string };

/** Builds a finding; the severity is the code's, from the catalogue. */
export function finding(code: DatachainCode, path: string, message: string, fix_hint: string): Finding {
  return { code, message, severity: DATACHAIN_CODES[code].severity, path, fix_hint };
}

/** The most errors, and the most warnings, one answer lists; the rest are counted in `meta.truncated`. */
export const MAX_FINDINGS = 100;

export interface Split {
  errors: Finding[];
  warnings: Finding[];
  /** Findings left out past MAX_FINDINGS of their severity. */
  dropped: number;
}

/** Partitions findings by severity, keeping their order and at most MAX_FINDINGS of each. */
export function splitFindings(findings: readonly Finding[]): Split {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  let dropped = 0;
  for (const f of findings) {
    const list = f.severity === 'error' ? errors : warnings;
    if (list.length < MAX_FINDINGS) list.push(f);
    else dropped += 1;
  }
  return { errors, warnings, dropped };
}

/** A short list of ids for a hint: all of them, or the first `max` and a count of the rest. */
export function listIds(ids: readonly string[], max = 12): string {
  if (ids.length === 0) return '(none)';
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} (and ${ids.length - max} more)` : shown;
}

/** Where each placement can be found by id, computed once per validation. */
export interface PlacementIndex {
  /** `element_instance_id` -> index of the first placement carrying it. */
  readonly byInstanceId: ReadonlyMap<string, number>;
  /** `element_id` -> indexes of every placement of it. */
  readonly byElementId: ReadonlyMap<string, readonly number[]>;
}

export interface RuleInput {
  readonly datachain: DatachainInstance;
  readonly pool: Pool;
  /** Canonical id of the version the tool was called with. */
  readonly version: string;
  readonly index: PlacementIndex;
  /** Checked once per placement (or item) a rule looks at. */
  readonly deadline: Deadline;
  /** Whether this server serves a version id (hints name only versions a caller can use). */
  readonly isServed: (id: string) => boolean;
  /** A resolved datachain carries its own snapshot, so it may pin a version not served here. */
  readonly form: 'thin' | 'resolved';
}

/** A rule family: reads the input, returns every finding it has (never throws on bad input). */
export type RuleFamily = (input: RuleInput) => Finding[];

export function indexPlacements(datachain: DatachainInstance): PlacementIndex {
  const byInstanceId = new Map<string, number>();
  const byElementId = new Map<string, number[]>();
  datachain.elements.forEach((p, i) => {
    if (p.element_instance_id !== undefined && !byInstanceId.has(p.element_instance_id))
      byInstanceId.set(p.element_instance_id, i);
    const list = byElementId.get(p.element_id);
    if (list) list.push(i);
    else byElementId.set(p.element_id, [i]);
  });
  return { byInstanceId, byElementId };
}

/**
 * The placement a reference names: an `element_instance_id`, else an `element_id` placed once
 * without an instance id. `ambiguous` when the element id is placed more than once.
 */
export function placementOf(
  index: PlacementIndex,
  datachain: DatachainInstance,
  ref: string,
): { at: number } | { ambiguous: readonly number[] } | { withInstanceId: string } | undefined {
  const byInstance = index.byInstanceId.get(ref);
  if (byInstance !== undefined) return { at: byInstance };
  const list = index.byElementId.get(ref);
  if (!list) return undefined;
  if (list.length > 1) return { ambiguous: list };
  const instanceId = datachain.elements[list[0]!]!.element_instance_id;
  return instanceId === undefined ? { at: list[0]! } : { withInstanceId: instanceId };
}
