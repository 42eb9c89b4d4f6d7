import type { z } from 'zod';
import type { ErrorItem } from './envelope.js';
import type { ErrorCode } from './errors.js';
import { jsonPath } from './paths.js';

function allowedKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let node: unknown = schema;
  for (const key of path) {
    const shape = (node as { shape?: Record<string, unknown> }).shape;
    if (!shape || typeof key !== 'string') return undefined;
    node = shape[key];
    while (node && (node as { unwrap?: () => unknown }).unwrap) node = (node as { unwrap: () => unknown }).unwrap();
  }
  const shape = (node as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : undefined;
}

/**
 * Turns zod issues into envelope errors, one per issue, each with a JSON path into the
 * caller's payload and a concrete fix. Unknown keys name the keys that are allowed there.
 */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  code: ErrorCode,
  schema: z.ZodType,
  prefix = '',
): ErrorItem[] {
  const out: ErrorItem[] = [];
  for (const issue of issues) {
    const where = jsonPath(issue.path, prefix);
    if (issue.code === 'unrecognized_keys') {
      const allowed = allowedKeys(schema, issue.path);
      for (const key of issue.keys) {
        out.push({
          code,
          message: `Unknown key '${key}'${where ? ` in ${where}` : ''}.`,
          path: jsonPath([...issue.path, key], prefix),
          fix_hint: allowed ? `Remove it or use one of the allowed keys: ${allowed.join(', ')}.` : 'Remove the key.',
        });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && issue.message.includes('received undefined');
    out.push({
      code,
      message: missing ? `Missing required value '${where}'.` : `${where || 'value'}: ${issue.message}`,
      path: where,
      fix_hint: missing ? `Provide '${where}'.` : `Correct '${where || 'the value'}': ${issue.message.replace(/^Invalid input: /, '')}.`,
    });
  }
  return out;
}
