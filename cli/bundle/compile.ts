import type { Bundle } from '../../src/domain/bundle.js';
import type { TranslationReview } from '../../src/domain/translations.js';
import { loadRelease } from '../load/read-release.js';
import type { Release } from '../release.js';
import { checkRelease } from '../rules/engine.js';
import type { Finding } from '../rules/finding.js';
import type { VersionId } from '../../src/core/version.js';
import { assembleBundle } from './assemble.js';
import { buildTranslations } from './translations.js';

export interface Compiled {
  release: Release;
  findings: Finding[];
  /** Present only when there is no error finding. */
  bundle?: Bundle;
  /** The bundle as compact JSON: the exact bytes written and embedded. */
  json?: string;
  /** The review metadata shipped beside the bundle (outside its content hash), when the release has some. */
  translations?: TranslationReview;
}

export type Step = 'read' | 'check' | 'bundle';

/** Reads, checks and (when error-free) compiles one release; `onStep` reports progress. */
export function compileRelease(dir: string, id: VersionId, onStep: (step: Step) => void = () => {}): Compiled {
  onStep('read');
  const { release, findings } = loadRelease(dir, id);
  if (!findings.some((f) => f.code === 'release_not_found')) {
    onStep('check');
    findings.push(...checkRelease(release));
  }
  if (findings.some((f) => f.severity === 'error')) return { release, findings };
  onStep('bundle');
  const bundle = assembleBundle(release);
  const translations = buildTranslations(release);
  return { release, findings, bundle, json: JSON.stringify(bundle), ...(translations ? { translations } : {}) };
}
