import { type Bundle, VersionIndex } from '../domain/bundle.js';
import { BUNDLES, VERSION_INDEX } from './generated/bundles.js';
import { createRelease, type Release } from './release.js';
import type { SchemaStore } from './store.js';

/**
 * The store over bundles compiled into the Worker. Each bundle is parsed the first time it is
 * asked for and kept for the life of the isolate.
 */
export function createEmbeddedStore(
  texts: Readonly<Record<string, string>> = BUNDLES,
  indexText: string = VERSION_INDEX,
): SchemaStore {
  let index: VersionIndex | undefined;
  const releases = new Map<string, Release>();
  return {
    index: () => (index ??= VersionIndex.parse(JSON.parse(indexText))),
    release(id) {
      const hit = releases.get(id);
      if (hit) return hit;
      const text = Object.hasOwn(texts, id) ? texts[id] : undefined;
      if (text === undefined) return undefined;
      // Bundles are validated by the build; a cast avoids re-running zod on every cold start.
      const release = createRelease(JSON.parse(text) as Bundle);
      releases.set(id, release);
      return release;
    },
  };
}

let shared: SchemaStore | undefined;
/** The isolate-wide store every request uses. */
export function embeddedStore(): SchemaStore {
  return (shared ??= createEmbeddedStore());
}
