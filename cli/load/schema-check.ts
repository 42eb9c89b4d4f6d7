import type { z } from 'zod';
import { jsonPath } from '../../src/core/json.js';
import { finding, type Finding } from '../rules/finding.js';
import { lineOf, type YamlFile } from './yaml-file.js';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;
interface FlatIssue {
  path: Key[];
  message: string;
}

/** Reports a finding per zod issue, choosing the union branch the author evidently meant. */
function flatten(issues: readonly Issue[], base: readonly Key[]): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // The branch whose top-level literal (e.g. `kind`) matched is the one the author meant.
      const candidates = issue.errors.filter(
        (branch) => !branch.some((i) => i.code === 'invalid_value' && i.path.length === 1),
      );
      if (candidates.length > 0) {
        const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
        out.push(...flatten(best, path));
        continue;
      }
      const key = issue.errors[0]?.find((i) => i.code === 'invalid_value')?.path[0];
      const values = issue.errors.flatMap((b) => b.flatMap((i) => (i.code === 'invalid_value' ? i.values : [])));
      if (key !== undefined && values.length > 0) {
        out.push({
          path: [...path, key],
          message: `Invalid value: expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
        });
        continue;
      }
    }
    out.push({ path, message: describe(issue, path) });
  }
  return out;
}

function describe(issue: Issue, path: readonly Key[]): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `Missing required key "${String(path.at(-1))}" (expected ${issue.expected}).`;
  }
  return issue.message;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys present in the authored data but absent from the parsed output (zod strips them). */
function unknownKeys(raw: unknown, parsed: unknown, path: Key[], out: Key[][]): void {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((item, i) => unknownKeys(item, parsed[i], [...path, i], out));
  } else if (isPlainObject(raw) && isPlainObject(parsed)) {
    for (const key of Object.keys(raw)) {
      if (!(key in parsed)) out.push([...path, key]);
      else unknownKeys(raw[key], parsed[key], [...path, key], out);
    }
  }
}

export interface Checked<T> {
  value?: T;
  findings: Finding[];
}

/**
 * Parses one YAML file with its content schema: `schema_invalid` per issue (with the YAML path
 * and line) when it fails, else the parsed value plus an `unknown_key` warning per dropped key.
 */
export function checkSchema<T>(schema: z.ZodType<T>, yaml: YamlFile, file: string): Checked<T> {
  if (!yaml.ok) return { findings: [yaml.finding] };
  const where = (path: readonly Key[]): string => {
    const line = lineOf(yaml.doc, yaml.lines, path);
    return line === undefined ? '' : ` (line ${line})`;
  };
  const result = schema.safeParse(yaml.data);
  if (!result.success) {
    const findings = flatten(result.error.issues, []).map((issue) =>
      finding('schema_invalid', file, jsonPath(issue.path), `${issue.message}${where(issue.path)}`),
    );
    return { findings };
  }
  const dropped: Key[][] = [];
  unknownKeys(yaml.data, result.data, [], dropped);
  const findings = dropped.map((path) =>
    finding('unknown_key', file, jsonPath(path), `Unknown key "${String(path.at(-1))}" is ignored${where(path)}.`),
  );
  return { value: result.data, findings };
}
