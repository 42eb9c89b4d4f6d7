import type { Deadline } from '../../core/deadline.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { Finding } from './finding.js';
import type { Pool } from './pool.js';

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
