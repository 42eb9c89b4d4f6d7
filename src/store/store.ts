import type { ErrorItem } from '../core/envelope.js';
import { badRequest, noStableRelease, unknownVersion } from '../core/error-catalogue.js';
import { type Failure, failure, type Result, type Success, success } from '../core/result.js';
import { badVersion, parseDirName, splitVersion } from '../core/version.js';
import type { VersionIndex } from '../domain/bundle.js';
import { CataloguePending } from './loading.js';
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
 * A store whose catalogue is provisional (`provisional`: its index not read yet) answers the
 * releases whose content no index can change and throws `CataloguePending` for anything else; the
 * seam awaits `settle` and runs the work again. The frame awaits `refresh` before a request when it
 * returns a promise.
 */
export interface SchemaStore {
  /** The catalogue; a provisional store throws `CataloguePending`. */
  index(): VersionIndex;
  /** The release with this canonical id, or `undefined` when it is not served. */
  release(canonicalId: string): Release | undefined;
  /** The release when this isolate holds it; never reads and never throws (optional parts: icons). */
  peek?(canonicalId: string): Release | undefined;
  /** Reads a served release into the synchronous cache; rejects with a StorageFailure. */
  load?(canonicalId: string): Promise<void>;
  /**
   * A promise when the store must read something before this request, else `undefined`. Given
   * `background` (work the frame starts once this request's answer is made, under its `waitUntil`),
   * the store reads there what is due (the catalogue index, first or stale; the bucket's targets of
   * its aliases) and answers `undefined`: no request waits for a read it does not need. Without
   * `background` it reads in line.
   */
  refresh?(background?: Background): Promise<void> | undefined;
  /** True while the catalogue is provisional: the bucket's index has not been read by this isolate. Never reads. */
  provisional?(): boolean;
  /**
   * Reads the catalogue's index now, for the request that needs it (its own read, never one another
   * request started); resolves at once when it is no longer provisional. `names`: versions the work
   * was resolving, as written, which the store may read beside the index (the embedded ones).
   * Never rejects: a failed read leaves the catalogue the embedded set, with its problem reported.
   */
  settle?(names?: readonly string[]): Promise<void>;
  /**
   * The catalogue of the releases the deployment ships (the embedded set) that this isolate can
   * read, aliases over them: never reads, never throws, and the same whether or not the bucket's
   * index has been read. The server's icons are drawn from it.
   */
  shipped?(): VersionIndex;
  /**
   * An object replaced whenever what the store serves may change (a new index adopted, a release
   * found unreadable): answers computed under one are valid while it is current. Never reads, never
   * throws, provisional or not.
   */
  generation?(): object;
  catalogue?(): CatalogueInfo;
  /**
   * What a call that named `version` and was served `served` (its `meta.version`, when it has one)
   * should be told about the catalogue: an alias that skips an unreadable release, a release served
   * from another copy than the catalogue names, an alias resolved without the bucket's index.
   * Empty when nothing; never reads.
   */
  warnings?(version: string, served: string | undefined): string[];
}

/**
 * Alias and canonical lookups, memoised per catalogue (a new index starts a new memo) as the id
 * each names: the release itself is asked of the store on every call, so a bucket release the
 * store has dropped from its kept set is read again (through the seam) rather than kept alive here.
 */
const resolved = new WeakMap<VersionIndex, Map<string, string>>();
const MEMO_LIMIT = 256;

/**
 * Resolves a caller's version argument (canonical, `%40`-encoded or an alias) to a release.
 * Successes are memoised per catalogue. A provisional store resolves a canonical id without its
 * index (the store answers the release or throws `CataloguePending`); an alias or an unknown id
 * needs the catalogue, which the seam reads.
 */
export function resolveVersion(store: SchemaStore, raw: string): Result<Release> {
  if (store.provisional?.()) return resolveUncached(store, raw);
  const index = store.index();
  let memo = resolved.get(index);
  if (!memo) resolved.set(index, (memo = new Map()));
  const id = memo.get(raw);
  const held = id === undefined ? undefined : store.release(id);
  if (held) return success(held);
  const result = resolveUncached(store, raw);
  if (result.error === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(raw, result.value.id);
  }
  return result;
}

/**
 * A canonical id (no alias is ever a canonical id: aliases end in `latest` or `latest-beta`) is
 * looked up as a release; only an alias, an unknown id or the wording of an error reads the index.
 */
function resolveUncached(store: SchemaStore, raw: string): Result<Release> {
  // Ids and aliases are lower case: one written otherwise that names a release is told its form.
  const lower = raw.toLowerCase();
  if (lower !== raw && resolveUncached(store, lower).error === undefined) {
    return failure(
      badRequest({
        message: `Version ids and aliases are written in lower case: '${raw.slice(0, 64)}' is '${lower}'.`,
        path: 'version',
        fix_hint: `Use '${lower}'.`,
      }),
    );
  }
  const split = splitVersion(raw);
  if (split.error !== undefined) return badVersion(split.error);
  const { type, rest } = split.value;
  const parsed = parseDirName(type, rest);
  if (parsed.error === undefined) {
    const release = store.release(parsed.value.id);
    return release ? success(release) : unknown(parsed.value.id, store.index());
  }
  // Only words can be aliases (`latest`, `latest-beta`); anything else is malformed in any catalogue.
  if (!/^[a-z-]+$/.test(rest)) return badVersion(parsed.error);
  const alias = `${type}@${rest}`;
  if (store.provisional?.()) throw new CataloguePending([alias]);
  const index = store.index();
  const canonical = Object.hasOwn(index.aliases, alias) ? index.aliases[alias] : undefined;
  if (!canonical && rest === 'latest') {
    const beta = index.aliases[`${type}@latest-beta`];
    if (beta) return failure(noStableRelease(type, beta));
  }
  if (!canonical) return unknown(alias, index);
  const release = store.release(canonical);
  return release ? success(release) : unknown(canonical, index);
}

/**
 * The status of a release the store serves, without reading it: one this isolate holds, else the
 * served catalogue's entry (which still lists a release this isolate could not read, decision 066);
 * `undefined` when not served.
 * For what only needs to know of a release (a hint's wording, an answer's cache policy), never what
 * serves it.
 */
export function servedStatus(store: SchemaStore, canonicalId: string): Release['status'] | undefined {
  return store.peek?.(canonicalId)?.status ?? store.index().versions.find((v) => v.id === canonicalId)?.status;
}

/** Every version id and alias this index serves, in the order hints list them. */
export function servedVersionIds(index: VersionIndex): string[] {
  return [...index.versions.map((v) => v.id), ...Object.keys(index.aliases)];
}

function unknown(id: string, index: VersionIndex): Failure<ErrorItem> {
  const known = servedVersionIds(index);
  return failure(unknownVersion(id, known));
}
