import type { VersionEntry, VersionIndex } from '../domain/bundle.js';
import { type BucketReader, readBucketBundle, readBucketIndex } from './bucket.js';
import { indexOf, mergeIndexes } from './catalogue.js';
import { ReleasePending } from './loading.js';
import { createRelease, type Release } from './release.js';
import type { CatalogueInfo, SchemaStore } from './store.js';

export interface LayeredOptions {
  /** The releases shipped with the deployment (the embedded set). */
  embedded: SchemaStore;
  /** The release bucket; without one the catalogue is the embedded set. */
  bucket?: BucketReader;
  /** How long a read of the bucket's index is trusted before the next request reads it again. */
  indexTtlMs?: number;
  /** Bucket releases kept parsed per isolate; past it the least recently used is dropped. */
  keep?: number;
  now?: () => number;
  /** Where a failed read of the index or of an alias target is reported (the catalogue keeps what it had). */
  report?: (error: unknown) => void;
  /** How long a release that could not be read is answered with that failure before it is read again. */
  backoffMs?: number;
}

const INDEX_TTL_MS = 60_000;
const KEEP = 8;
const BACKOFF_MS = 30_000;

/**
 * One catalogue over the embedded releases and the release bucket. The index is the union of the
 * two (the bucket's entry wins on an id in both: a beta replaced after the deploy), with aliases
 * computed over the union. An embedded release is served by the embedded store; a bucket release is read on
 * first use (`load`: fetched, checked against its content hash, parsed) and kept for the isolate,
 * up to `keep` of them. A release whose entry changed hash is read again. `refresh` re-reads the
 * index once `indexTtlMs` has passed, and reads the targets of its aliases whenever it adopts a new
 * index (the embedded set's included, on the first request), so a first request never waits on them.
 *
 * No request ever awaits I/O another request started (the Workers runtime forbids it): each
 * request that must read a release or the index reads it itself, and once a catalogue is held a
 * stale index is re-read in the background (`refresh(background)`, the request's `waitUntil`)
 * while requests go on with the last good one. A release that could not be read is answered with
 * that failure for `backoffMs` rather than read again on every request.
 */
export function createLayeredStore(options: LayeredOptions): SchemaStore {
  const { embedded, bucket } = options;
  const now = options.now ?? Date.now;
  const ttl = options.indexTtlMs ?? INDEX_TTL_MS;
  const keep = options.keep ?? KEEP;
  const backoff = options.backoffMs ?? BACKOFF_MS;
  const embeddedHash = new Map(embedded.index().versions.map((v) => [v.id, v.content_hash]));
  /** The catalogue as the sources list it; `index` is the same with aliases over readable releases. */
  let listed: VersionIndex = embedded.index();
  let index: VersionIndex = listed;
  let byId = new Map<string, VersionEntry>(index.versions.map((v) => [v.id, v]));
  /** Releases this isolate could not read (until a read succeeds): aliases skip them. */
  const unreadable = new Set<string>();
  /** Aliases that skip an unreadable release, with the release they skip: derived with `index`, read on every call. */
  let skipped: Readonly<Record<string, string>> = {};
  const derive = () => {
    index = skipUnreadable(listed, unreadable);
    skipped = aliasesSkipping(listed, index);
  };
  let bucketText = '';
  let readAt = Number.NEGATIVE_INFINITY;
  /** True once an index was read (or its read failed): later refreshes may run in the background. */
  let served = false;
  let backgroundRefresh = false;
  /** The index whose alias targets were read (or tried). */
  let preloaded: VersionIndex | undefined;
  const held = new Map<string, Release>();
  /** Releases whose read failed, with the failure and when they may be read again. */
  const failed = new Map<string, { error: unknown; until: number }>();

  const adopt = (bucketIndex: VersionIndex) => {
    const text = JSON.stringify(bucketIndex);
    if (text === bucketText) return;
    bucketText = text;
    listed = mergeIndexes(embedded.index(), bucketIndex);
    byId = new Map(listed.versions.map((v) => [v.id, v]));
    derive();
  };
  const fromEmbedded = (entry: VersionEntry) => embeddedHash.get(entry.id) === entry.content_hash;

  const info: CatalogueInfo = {
    sources: bucket ? ['embedded', 'bucket'] : ['embedded'],
    holder: (id) => (byId.has(id) && fromEmbedded(byId.get(id)!) ? 'embedded' : 'bucket'),
  };

  const heldRelease = (id: string, entry: VersionEntry): Release | undefined => {
    const hit = held.get(id);
    if (!hit || hit.contentHash !== entry.content_hash) return undefined;
    held.delete(id);
    held.set(id, hit);
    return hit;
  };

  const store: SchemaStore = {
    index: () => index,
    catalogue: () => info,
    skipped: () => skipped,
    release(id) {
      const entry = byId.get(id);
      if (!entry) return undefined;
      if (fromEmbedded(entry)) return embedded.release(id);
      const hit = heldRelease(id, entry);
      if (hit) return hit;
      throw new ReleasePending(id);
    },
    peek(id) {
      const entry = byId.get(id);
      if (!entry) return undefined;
      return fromEmbedded(entry) ? embedded.peek?.(id) : heldRelease(id, entry);
    },
    load(id) {
      const entry = byId.get(id);
      if (entry && fromEmbedded(entry)) return tracked(id, embedded.load?.(id) ?? Promise.resolve());
      if (!bucket || !entry) return Promise.resolve();
      const fault = failed.get(`${id} ${entry.content_hash}`);
      if (fault && now() < fault.until) return Promise.reject(fault.error);
      const read = readBucketBundle(bucket, entry).then(
        (bundle) => {
          failed.delete(`${id} ${entry.content_hash}`);
          held.delete(id);
          held.set(id, createRelease(bundle));
          while (held.size > keep) held.delete(held.keys().next().value!);
        },
        (error: unknown) => {
          failed.set(`${id} ${entry.content_hash}`, { error, until: now() + backoff });
          throw error;
        },
      );
      return tracked(id, read);
    },
    refresh(background) {
      const stale = bucket !== undefined && now() - readAt >= ttl;
      if (!stale && preloaded === index) return undefined;
      if (served && background) {
        if (!backgroundRefresh) {
          backgroundRefresh = true;
          background(refreshNow(stale).finally(() => (backgroundRefresh = false)));
        }
        return undefined;
      }
      return refreshNow(stale);
    },
  };
  /** Marks `id` unreadable when its read fails, readable again when one succeeds (aliases follow). */
  const tracked = (id: string, read: Promise<void>) =>
    read.then(
      () => {
        if (unreadable.delete(id)) derive();
      },
      (error: unknown) => {
        if (!unreadable.has(id)) {
          unreadable.add(id);
          derive();
        }
        throw error;
      },
    );
  const refreshNow = (stale: boolean) => (stale ? readIndex() : Promise.resolve()).then(preload);
  const readIndex = () =>
    readBucketIndex(bucket!)
      .then(adopt, (error: unknown) => options.report?.(error))
      .finally(() => {
        readAt = now();
        served = true;
      });
  /** Reads the targets of the catalogue's aliases; one that cannot be read is reported and left to the calls that name it. */
  const preload = async () => {
    const of = index;
    const targets = [...new Set(Object.values(of.aliases))];
    await Promise.all(targets.map((id) => store.load!(id).catch((error: unknown) => options.report?.(error))));
    preloaded = of;
  };
  return store;
}

/** The index with its aliases computed over the releases not in `unreadable` (every release still listed). */
function skipUnreadable(listed: VersionIndex, unreadable: ReadonlySet<string>): VersionIndex {
  if (unreadable.size === 0) return listed;
  const readable = indexOf(
    listed.versions.filter((v) => !unreadable.has(v.id)).map(({ aliases: _, ...entry }) => entry),
  ).aliases;
  // No readable stable release left: `<type>@latest` degrades to the newest readable beta (warned as skipped).
  for (const alias of Object.keys(listed.aliases))
    if (alias.endsWith('@latest') && !readable[alias] && readable[`${alias}-beta`])
      readable[alias] = readable[`${alias}-beta`]!;
  const versions = listed.versions.map((v) => ({
    ...v,
    aliases: Object.keys(readable)
      .filter((a) => readable[a] === v.id)
      .sort(),
  }));
  return { ...listed, versions, aliases: readable };
}

/** Each alias that names another release than the sources do, with the release it skipped. */
function aliasesSkipping(listed: VersionIndex, index: VersionIndex): Readonly<Record<string, string>> {
  const skipped: Record<string, string> = {};
  for (const [alias, target] of Object.entries(listed.aliases))
    if (index.aliases[alias] !== target) skipped[alias] = target;
  return skipped;
}
