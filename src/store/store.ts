import type { ErrorItem } from '../core/envelope.js';
import { noStableRelease, unknownVersion } from '../core/error-catalogue.js';
import { type Failure, failure, type Result, type Success, success } from '../core/result.js';
import { badVersion, parseDirName, splitVersion } from '../core/version.js';
import type { VersionIndex } from '../domain/bundle.js';
import type { Release } from './release.js';

/** Where the catalogue's releases are held. */
export type Holder = 'embedded' | 'bucket';

/** What a store says about its catalogue (`list_schema_versions` reports it). */
export interface CatalogueInfo {
  /** The sources the catalogue is read from, embedded first. */
  readonly sources: readonly Holder[];
  /** Where each served release is held. */
  holder(id: string): Holder;
  /** What the catalogue cannot serve as its sources list it now (an unreadable index or release), in words; empty when nothing. */
  problems?(): readonly string[];
}

/** Takes work to start after the request's answer is made; the request's `waitUntil` keeps it alive. */
export type Background = (work: () => Promise<unknown>) => void;

/**
 * Where releases come from: the catalogue (`index`) and each release, synchronously. A store that
 * holds releases outside the Worker throws `ReleasePending` from `release` for a served release it
 * has not read yet; the release-loading seam (`loading.ts`) awaits `load` and runs the work again.
 * The frame awaits `refresh` before a request when it returns a promise.
 */
export interface SchemaStore {
  index(): VersionIndex;
  /** The release with this canonical id, or `undefined` when it is not served. */
  release(canonicalId: string): Release | undefined;
  /** The release when this isolate holds it; never reads and never throws (optional parts: icons). */
  peek?(canonicalId: string): Release | undefined;
  /** Reads a served release into the synchronous cache; rejects with a StorageFailure. */
  load?(canonicalId: string): Promise<void>;
  /**
   * A promise when the store must read something before this request (the catalogue index, or the
   * bucket's targets of its aliases, which it preloads), else `undefined`. Given `background` (work the
   * frame starts once this request's answer is made, under its `waitUntil`), a store that already
   * serves a catalogue re-reads it there and answers `undefined`, and a first request hands it the
   * alias targets. `names`: releases the request names (ids or aliases, as written), which a first
   * request reads while the index is read where the store can (its embedded ones).
   */
  refresh?(background?: Background, names?: readonly string[]): Promise<void> | undefined;
  catalogue?(): CatalogueInfo;
  /**
   * What a call that named `version` and was served `served` (its `meta.version`, when it has one)
   * should be told about the catalogue: an alias that skips an unreadable release, a release served
   * from another copy than the catalogue names, an alias resolved without the bucket's index.
   * Empty when nothing; never reads.
   */
  warnings?(version: string, served: string | undefined): string[];
}

/** Alias and canonical lookups, memoised per catalogue (a new index starts a new memo). */
const resolved = new WeakMap<VersionIndex, Map<string, Success<Release>>>();
const MEMO_LIMIT = 256;

/** Resolves a caller's version argument (canonical, `%40`-encoded or an alias) to a release. Successes are memoised per store. */
export function resolveVersion(store: SchemaStore, raw: string): Result<Release> {
  const index = store.index();
  let memo = resolved.get(index);
  if (!memo) resolved.set(index, (memo = new Map()));
  const hit = memo.get(raw);
  if (hit) return hit;
  const result = resolveUncached(store, raw, index);
  if (result.error === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(raw, result);
  }
  return result;
}

function resolveUncached(store: SchemaStore, raw: string, index: VersionIndex): Result<Release> {
  const split = splitVersion(raw);
  if (split.error !== undefined) return badVersion(split.error);
  const { type, rest } = split.value;
  const alias = `${type}@${rest}`;
  let canonical = Object.hasOwn(index.aliases, alias) ? index.aliases[alias] : undefined;
  if (!canonical && rest === 'latest') {
    const beta = index.aliases[`${type}@latest-beta`];
    if (beta) return failure(noStableRelease(type, beta));
  }
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
