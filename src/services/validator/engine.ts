import type { Deadline } from '../../core/deadline.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';
import { actionRules } from './actions.js';
import { driftRules } from './drift.js';
import type { Finding } from './finding.js';
import { indexPlacements, type RuleFamily, type RuleInput } from './input.js';
import { instanceIdRules } from './instance-ids.js';
import { metadataRules } from './metadata.js';
import { placementRules } from './placements.js';
import { releasePool, snapshotPool, type Pool } from './pool.js';
import { provenanceRules } from './provenance.js';
import { requiredRules } from './required.js';
import { requiredSnapshotRules, snapshotCategoryRules, suggestionRules } from './resolved.js';
import { subchainRules } from './subchains.js';
import { variableRules } from './variables.js';

/** The semantic rules of a datachain, in reporting order. Every family runs; none stops another. */
const FAMILIES: readonly RuleFamily[] = [
  metadataRules, requiredRules, instanceIdRules, placementRules, variableRules, subchainRules, actionRules, provenanceRules,
];

function runFamilies(datachain: DatachainInstance, pool: Pool, version: string, deadline: Deadline): Finding[] {
  const input: RuleInput = { datachain, pool, version, index: indexPlacements(datachain), deadline };
  const out: Finding[] = [];
  for (const family of FAMILIES) {
    deadline.check();
    for (const f of family(input)) out.push(f);
  }
  return out;
}

/** Every finding about a parsed thin datachain checked against a served release. */
export function checkThin(datachain: DatachainInstance, release: Release, deadline: Deadline): Finding[] {
  return runFamilies(datachain, releasePool(release), release.id, deadline);
}

/**
 * Every finding about a parsed resolved datachain. Placements are checked against the snapshot
 * plus the suggested elements; `served` is the release its `schema_version` pins when this server
 * serves it (drift and required categories are checked against it), else the tool's release is
 * the reference for required categories and id collisions, and drift is not checked.
 */
export function checkResolved(datachain: ResolvedDatachainInstance, release: Release, served: Release | undefined, deadline: Deadline): Finding[] {
  const reference = served ?? release;
  const pool = snapshotPool(release.id, datachain.schema_snapshot, datachain.suggested_elements);
  const required = requiredSnapshotRules(datachain, reference);
  return [
    ...suggestionRules(datachain, reference),
    ...snapshotCategoryRules(datachain, required.covered),
    ...required.findings,
    ...(served ? driftRules(datachain.schema_snapshot, served, required.covered, deadline) : []),
    ...runFamilies(datachain, pool, release.id, deadline),
  ];
}
