import { loadRelease } from '../load/read-release.js';
import type { Release } from '../release.js';
import type { VersionId } from '../../src/core/version.js';
import { contextRules } from './contexts.js';
import type { Finding } from './finding.js';
import { localeRules } from './locales.js';
import { manifestRules } from './manifest.js';
import { placeholderRules } from './placeholders.js';
import { referenceRules } from './references.js';
import { searchTermRules } from './search-terms.js';
import { symbolRules } from './symbols.js';
import { translationRules } from './translations.js';
import { uniquenessRules } from './uniqueness.js';
import { variableRules } from './variables.js';

type Rule = (release: Release) => Finding[];

/** Every rule family, in reporting order. Each sees the whole release; none depends on another. */
const RULES: readonly Rule[] = [
  manifestRules,
  uniquenessRules,
  referenceRules,
  localeRules,
  variableRules,
  placeholderRules,
  symbolRules,
  (r) => contextRules(r),
  searchTermRules,
  translationRules,
];

/** Runs every rule and returns all findings; nothing short-circuits. */
export function checkRelease(release: Release): Finding[] {
  return RULES.flatMap((rule) => rule(release));
}

export interface Validation {
  release: Release;
  /** Loader findings (syntax, schema, unknown keys) first, then rule findings. */
  findings: Finding[];
}

/** Reads a release directory and runs every authoring rule on it. */
export function validateRelease(dir: string, id: VersionId): Validation {
  const { release, findings } = loadRelease(dir, id);
  if (findings.some((f) => f.code === 'release_not_found')) return { release, findings };
  return { release, findings: [...findings, ...checkRelease(release)] };
}
