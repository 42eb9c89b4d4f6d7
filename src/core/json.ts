import { failure, type Result, success } from './result.js';

export const MAX_JSON_DEPTH = 64;

/**
 * Nesting depth of a parsed JSON value (a scalar is 0). It stops descending past MAX_JSON_DEPTH
 * (returning a depth over it), so the recursion is at most MAX_JSON_DEPTH + 1 frames deep.
 */
export function jsonDepth(value: unknown): number {
  return depthBelow(value, 0);
}

function depthBelow(value: unknown, above: number): number {
  if (typeof value !== 'object' || value === null) return above;
  const depth = above + 1;
  if (depth > MAX_JSON_DEPTH) return depth;
  let max = depth;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const d = depthBelow(value[i], depth);
      if (d > max && (max = d) > MAX_JSON_DEPTH) return max;
    }
  } else {
    // A parsed JSON object inherits no enumerable keys, so `for...in` sees exactly its own.
    for (const key in value) {
      const d = depthBelow((value as Record<string, unknown>)[key], depth);
      if (d > max && (max = d) > MAX_JSON_DEPTH) return max;
    }
  }
  return max;
}

/** Why a body was refused: it is not JSON, or it nests too deep. `detail`: the JSON parser's own words on a syntax error. */
export interface BodyRefusal {
  reason: 'syntax' | 'depth';
  message: string;
  detail?: string;
}
export type ParsedBody = Result<unknown, BodyRefusal>;

/** How to fix a body refused for its depth (every surface says the same). */
export const TOO_DEEP_FIX = 'Nest the JSON less deeply: a datachain needs far fewer levels.';

/** Parses a request body as JSON and enforces the nesting limit. */
export function parseJsonBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = (e as Error).message.slice(0, 160);
    return failure({ reason: 'syntax', message: `Body is not valid JSON: ${detail}`, detail });
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH) {
    return failure({ reason: 'depth', message: `JSON nesting exceeds ${MAX_JSON_DEPTH} levels.` });
  }
  return success(value);
}

/** Formats a path of keys and indexes as a JSON path: `elements[3].variables[0].value`. */
export function jsonPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Joins a base path and a child path (either may be empty): `a` + `b` -> `a.b`, `a` + `[0]` -> `a[0]`. */
export function joinPath(base: string, child: string): string {
  if (base === '') return child;
  if (child === '') return base;
  return child.startsWith('[') ? `${base}${child}` : `${base}.${child}`;
}

/** The path of a key of an object under `base`, in bracket form when the key is not a plain identifier. */
export function keyPath(base: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? joinPath(base, key) : `${base}[${JSON.stringify(key)}]`;
}
