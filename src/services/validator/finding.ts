import type { ErrorItem } from '../../core/envelope.js';
import { DATACHAIN_CODES, type DatachainCode, type Severity } from '../../core/errors.js';

/** One validation result: an envelope error item that always has a severity, a path and a fix. */
export type Finding = ErrorItem & { code: DatachainCode; severity: Severity; path: string; fix_hint: string };

/** Builds a finding; the severity is the code's, from the catalogue. */
export function finding(code: DatachainCode, path: string, message: string, fix_hint: string): Finding {
  return { code, message, severity: DATACHAIN_CODES[code].severity, path, fix_hint };
}

export interface Split {
  errors: Finding[];
  warnings: Finding[];
}

/** Partitions findings by severity, keeping their order. */
export function splitFindings(findings: readonly Finding[]): Split {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const f of findings) (f.severity === 'error' ? errors : warnings).push(f);
  return { errors, warnings };
}

/** A short list of ids for a hint: all of them, or the first `max` and a count of the rest. */
export function listIds(ids: readonly string[], max = 12): string {
  if (ids.length === 0) return '(none)';
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} (and ${ids.length - max} more)` : shown;
}
