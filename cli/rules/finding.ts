import type { Severity } from '../../src/core/errors.js';
import { CATALOGUE, type FindingCode } from './catalogue.js';

/**
 * One authoring finding. `file` is relative to the release directory (e.g. `elements/x.yaml`);
 * `path` is a location inside that file (`element_context.values[1].color`, `description[fr]`
 * for a locale's text), or `''` for the whole file.
 */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  file: string;
  path: string;
  message: string;
  fix_hint: string;
}

/** Builds a finding; the severity comes from the catalogue, the fix hint defaults to it. */
export function finding(code: FindingCode, file: string, path: string, message: string, fixHint?: string): Finding {
  const info = CATALOGUE[code];
  return { code, severity: info.severity, file, path, message, fix_hint: fixHint ?? info.fix };
}

export function countBySeverity(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const f of findings) if (f.severity === 'error') errors += 1;
  return { errors, warnings: findings.length - errors };
}
