import type { VersionEntry, VersionIndex } from '../domain/bundle.js';
import { type BucketReader, readBucketBundle, readBucketIndex } from './bucket.js';
import { mergeIndexes } from './catalogue.js';
import { ReleasePending } from './pending.js';
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
  /** Where a failed read of the index is reported (the catalogue keeps what it had). */
  report?: (error: unknown) => void;
}

const INDEX_TTL_MS = 60_000;
const KEEP = 8;

/**
 * One catalogue over the embedded releases and the release bucket. The index is the union of the
 * two (the bucket's entry wins on an id in both: a beta replaced after the deploy), with aliases
 * computed over the union. An embedded release is served by the embedded store; a bucket release is read on
 * first use (`load`: fetched, checked against its content hash, parsed) and kept for the isolate,
 * up to `keep` of them. A release whose entry changed hash is read again.
 */
export function createLayeredStore(options: LayeredOptions): SchemaStore {
  const { embedded, bucket } = options;
  const now = options.now ?? Date.now;
  const ttl = options.indexTtlMs ?? INDEX_TTL_MS;
  const keep = options.keep ?? KEEP;
  const embeddedHash = new Map(embedded.index().versions.map((v) => [v.id, v.content_hash]));
  let index: VersionIndex = embedded.index();
  let byId = new Map<string, VersionEntry>(index.versions.map((v) => [v.id, v]));
  let bucketText = '';
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const held = new Map<string, Release>();
  const loading = new Map<string, Promise<void>>();

  const adopt = (bucketIndex: VersionIndex) => {
    const text = JSON.stringify(bucketIndex);
    if (text === bucketText) return;
    bucketText = text;
    index = mergeIndexes(embedded.index(), bucketIndex);
    byId = new Map(index.versions.map((v) => [v.id, v]));
  };
  const fromEmbedded = (entry: VersionEntry) => embeddedHash.get(entry.id) === entry.content_hash;

  const info: CatalogueInfo = {
    sources: bucket ? ['embedded', 'bucket'] : ['embedded'],
    holder: (id) => (byId.has(id) && fromEmbedded(byId.get(id)!) ? 'embedded' : 'bucket'),
  };

  return {
    index: () => index,
    catalogue: () => info,
    release(id) {
      const entry = byId.get(id);
      if (!entry) return undefined;
      if (fromEmbedded(entry)) return embedded.release(id);
      const hit = held.get(id);
      if (hit && hit.contentHash === entry.content_hash) {
        held.delete(id);
        held.set(id, hit);
        return hit;
      }
      throw new ReleasePending(id);
    },
    load(id) {
      const entry = byId.get(id);
      if (entry && fromEmbedded(entry)) return embedded.load?.(id) ?? Promise.resolve();
      if (!bucket || !entry) return Promise.resolve();
      const pending = loading.get(id);
      if (pending) return pending;
      const read = readBucketBundle(bucket, entry)
        .then((bundle) => {
          held.delete(id);
          held.set(id, createRelease(bundle));
          while (held.size > keep) held.delete(held.keys().next().value!);
        })
        .finally(() => loading.delete(id));
      loading.set(id, read);
      return read;
    },
    refresh() {
      if (!bucket || now() - readAt < ttl) return undefined;
      reading ??= readBucketIndex(bucket)
        .then(adopt, (error: unknown) => options.report?.(error))
        .finally(() => {
          readAt = now();
          reading = undefined;
        });
      return reading;
    },
  };
}
