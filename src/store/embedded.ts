import type { Bundle, VersionIndex } from '../domain/bundle.js';
import { type BucketReader, fetchBucketRelease, parsedRelease } from './bucket.js';
import { indexOf } from './catalogue.js';
import { ReleasePending } from './loading.js';
import { unpackRelease } from './packed-release.js';
import { createRelease, type Release } from './release.js';
import type { SchemaStore } from './store.js';

/** The index as this store can serve it: without files, only the releases whose text it has. */
function servable(index: VersionIndex, texts: Readonly<Record<string, string>>, hasFiles: boolean): VersionIndex {
  if (hasFiles || index.versions.every((v) => Object.hasOwn(texts, v.id))) return index;
  return indexOf(
    index.versions.filter((v) => Object.hasOwn(texts, v.id)),
    index.translations,
  );
}

/**
 * The store of the embedded set: the releases that ship with the deployment, named by `indexText`.
 * A release's JSON is taken from `texts` (compiled into the script) when it is there, else read
 * from `files` (`releases/<id>/<hash>.json`, packed: `packed-release.ts`; in a deployment, Data
 * modules uploaded beside the script, read from their bytes: decision 084) on first use. Each
 * release is kept for the life of the isolate once parsed.
 */
export function createEmbeddedStore(
  texts: Readonly<Record<string, string>>,
  indexText: string,
  files?: BucketReader,
): SchemaStore {
  let index: VersionIndex | undefined;
  const releases = new Map<string, Release>();
  // The index is written and validated by the build, like the bundles: a cast spares the first request a zod parse.
  const indexed = () => (index ??= servable(JSON.parse(indexText) as VersionIndex, texts, files !== undefined));
  const release = (id: string): Release | undefined => {
    const hit = releases.get(id);
    if (hit) return hit;
    const text = Object.hasOwn(texts, id) ? texts[id] : undefined;
    if (text === undefined) {
      if (files && indexed().versions.some((v) => v.id === id)) throw new ReleasePending(id);
      return undefined;
    }
    // Bundles are validated by the build; a cast avoids re-running zod on every cold start.
    const parsed = createRelease(JSON.parse(text) as Bundle);
    releases.set(id, parsed);
    return parsed;
  };
  return {
    index: indexed,
    release,
    peek(id) {
      const hit = releases.get(id);
      if (hit || !Object.hasOwn(texts, id)) return hit;
      return release(id);
    },
    load(id) {
      const entry = indexed().versions.find((v) => v.id === id);
      if (!files || !entry || releases.has(id) || Object.hasOwn(texts, id)) return Promise.resolve();
      // Each request reads on its own: a read another request started is never awaited.
      return fetchBucketRelease(files, entry).then((object) => {
        if (!releases.has(id))
          releases.set(id, createRelease(parsedRelease(object, entry, (text) => unpackRelease(text, id))));
      });
    },
    catalogue: () => ({ sources: ['embedded'], holder: () => 'embedded' }),
  };
}
