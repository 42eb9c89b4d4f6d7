import type { VersionIndex } from '../domain/bundle.js';
import type { ErrorItem } from '../core/envelope.js';
import { badVersion, parseDirName, splitVersion } from '../core/version.js';
import type { Release } from './release.js';

/**
 * Where releases come from. The embedded store reads bundles compiled into the Worker;
 * a KV- or R2-backed store can implement the same two methods.
 */
export interface SchemaStore {
  index(): VersionIndex;
  /** The release with this canonical id, or `undefined` when it is not served. */
  release(canonicalId: string): Release | undefined;
}

const resolved = new WeakMap<SchemaStore, Map<string, Release>>();
const MEMO_LIMIT = 256;

/** Resolves a caller's version argument (canonical, `%40`-encoded or an alias) to a release. Successes are memoised per store. */
export function resolveVersion(store: SchemaStore, raw: string): Release | { error: ErrorItem } {
  let memo = resolved.get(store);
  if (!memo) resolved.set(store, (memo = new Map()));
  const hit = memo.get(raw);
  if (hit) return hit;
  const result = resolveUncached(store, raw);
  if (!('error' in result)) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(raw, result);
  }
  return result;
}

function resolveUncached(store: SchemaStore, raw: string): Release | { error: ErrorItem } {
  const split = splitVersion(raw);
  if (!split.ok) return badVersion(split.message);
  const { type, rest } = split.value;
  const index = store.index();
  const alias = `${type}@${rest}`;
  let canonical = Object.hasOwn(index.aliases, alias) ? index.aliases[alias] : undefined;
  if (!canonical) {
    const parsed = parseDirName(type, rest);
    if (!parsed.ok) return /^[a-z-]+$/.test(rest) ? unknown(`${type}@${rest}`, index) : badVersion(parsed.message);
    canonical = parsed.value.id;
  }
  return store.release(canonical) ?? unknown(canonical, index);
}

/** Every version id and alias this index serves, in the order hints list them. */
export function servedVersionIds(index: VersionIndex): string[] {
  return [...index.versions.map((v) => v.id), ...Object.keys(index.aliases)];
}

function unknown(id: string, index: VersionIndex): { error: ErrorItem } {
  const known = servedVersionIds(index);
  return {
    error: {
      code: 'unknown_version',
      message: `Schema version '${id}' is not served here.`,
      path: 'version',
      fix_hint: `Use one of: ${known.join(', ')}.`,
    },
  };
}
