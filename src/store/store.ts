import { type Failure, failure, type Result, type Success, success } from '../core/result.js';
import { unknownVersion } from '../core/error-catalogue.js';
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

const resolved = new WeakMap<SchemaStore, Map<string, Success<Release>>>();
const MEMO_LIMIT = 256;

/** Resolves a caller's version argument (canonical, `%40`-encoded or an alias) to a release. Successes are memoised per store. */
export function resolveVersion(store: SchemaStore, raw: string): Result<Release> {
  let memo = resolved.get(store);
  if (!memo) resolved.set(store, (memo = new Map()));
  const hit = memo.get(raw);
  if (hit) return hit;
  const result = resolveUncached(store, raw);
  if (result.error === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(raw, result);
  }
  return result;
}

function resolveUncached(store: SchemaStore, raw: string): Result<Release> {
  const split = splitVersion(raw);
  if (split.error !== undefined) return badVersion(split.error);
  const { type, rest } = split.value;
  const index = store.index();
  const alias = `${type}@${rest}`;
  let canonical = Object.hasOwn(index.aliases, alias) ? index.aliases[alias] : undefined;
  if (!canonical) {
    const parsed = parseDirName(type, rest);
    if (parsed.error !== undefined)
      return /^[a-z-]+$/.test(rest) ? unknown(`${type}@${rest}`, index) : badVersion(parsed.error);
    canonical = parsed.value.id;
  }
  const release = store.release(canonical);
  return release ? success(release) : unknown(canonical, index);
}

/** Every version id and alias this index serves, in the order hints list them. */
export function servedVersionIds(index: VersionIndex): string[] {
  return [...index.versions.map((v) => v.id), ...Object.keys(index.aliases)];
}

function unknown(id: string, index: VersionIndex): Failure<ErrorItem> {
  const known = servedVersionIds(index);
  return failure(unknownVersion(id, known));
}
