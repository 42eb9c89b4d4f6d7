import type { ErrorItem } from '../../core/envelope.js';
import { DATACHAIN_CODES, type DatachainCode, type Severity } from '../../core/errors.js';

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
