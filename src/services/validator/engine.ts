import type { Deadline } from '../../core/deadline.js';
import type { DatachainInstance } from '../../domain/datachain.js';
import type { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';
import { actionRules } from './actions.js';
import { driftRules } from './drift.js';
import { finding, type Finding, indexPlacements, type RuleFamily, type RuleInput } from './finding.js';
import { instanceIdRules, repeatedPlacementRules } from './instance-ids.js';
import { metadataRules, provenanceRules } from './metadata.js';
import { placementRules } from './placements.js';
import { releasePool, snapshotPool, type Pool } from './pool.js';
import { requiredRules } from './required-categories.js';
import { requiredSnapshotRules, snapshotCategoryRules, snapshotDuplicateRules, suggestionRules } from './resolved.js';
import { subchainRules } from './subchains.js';
import { placeholderRules, textRules } from './texts.js';
import { variableRules } from './variables.js';

/** The semantic rules of a datachain, in reporting order. Every family runs; none stops another. */
const FAMILIES: readonly RuleFamily[] = [
  metadataRules,
  textRules,
  requiredRules,
  instanceIdRules,
  repeatedPlacementRules,
  placementRules,
  variableRules,
  subchainRules,
  actionRules,
  provenanceRules,
  placeholderRules,
];

/** How a check is run: its deadline, and which versions this server serves. */
export interface CheckOptions {
  deadline: Deadline;
  isServed: (id: string) => boolean;
}

function runFamilies(
  datachain: DatachainInstance,
  pool: Pool,
  version: string,
  form: RuleInput['form'],
  { deadline, isServed }: CheckOptions,
): Finding[] {
  const input: RuleInput = { datachain, pool, version, index: indexPlacements(datachain), deadline, isServed, form };
  const out: Finding[] = [];
  for (const family of FAMILIES) {
    deadline.check();
    for (const f of family(input)) out.push(f);
  }
  return out;
}

/** Every finding about a parsed thin datachain checked against a served release. */
export function checkThin(datachain: DatachainInstance, release: Release, options: CheckOptions): Finding[] {
  return runFamilies(datachain, releasePool(release), release.id, 'thin', options);
}

/**
 * Every finding about a parsed resolved datachain, which is self-contained: placements, required
 * categories and element resolution come from its snapshot plus the suggested elements. `served` is
 * the release its `schema_version` pins when this server serves it: the snapshot is then also held
 * to it (required categories kept, id collisions, drift). When the pinned version is not served,
 * the snapshot alone is the reference and a warning says so.
 */
export function checkResolved(
  datachain: ResolvedDatachainInstance,
  release: Release,
  served: Release | undefined,
  options: CheckOptions,
): Finding[] {
  const pool = snapshotPool(release.id, datachain.schema_snapshot, datachain.suggested_elements);
  const required = served ? requiredSnapshotRules(datachain, served) : { findings: [], covered: new Set<string>() };
  return [
    ...(served ? [] : [unservedWarning(datachain.schema_version ?? release.id)]),
    ...suggestionRules(datachain, served),
    ...snapshotDuplicateRules(datachain),
    ...snapshotCategoryRules(datachain, required.covered),
    ...required.findings,
    ...(served ? driftRules(datachain.schema_snapshot, served, required.covered, options.deadline) : []),
    ...runFamilies(datachain, pool, release.id, 'resolved', options),
  ];
}

function unservedWarning(pinned: string): Finding {
  return finding(
    'snapshot_version_unserved',
    'schema_version',
    `The datachain pins ${pinned}, which this server does not serve; it was checked against its own schema_snapshot only (no drift check).`,
    'Nothing blocks its use here. To check it against a published release, re-resolve the thin datachain with a version list_schema_versions lists.',
  );
}
