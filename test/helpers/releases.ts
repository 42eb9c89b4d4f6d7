import { inject } from 'vitest';
import { VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY } from '../../src/store/bucket.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';

/**
 * The version index the store under test serves, so tests stay true when a release (a draft beta)
 * is added: in the cold project the release bucket's index (the bucket holds every release, and a
 * newer one beyond schemas/), elsewhere the built index of every release under schemas/.
 */
function servedIndex(): VersionIndex {
  const bucketIndex = inject('releaseBucket')?.[INDEX_KEY];
  return bucketIndex === undefined ? catalogueStore().index() : VersionIndex.parse(JSON.parse(bucketIndex));
}

const index = servedIndex();

/** Every served version id, in index order. */
export const VERSION_IDS: readonly string[] = index.versions.map((v) => v.id);

/** The canonical id an alias points at (throws for an alias the index does not have). */
export function aliasTarget(alias: string): string {
  const target = index.aliases[alias];
  if (!target) throw new Error(`the version index has no alias ${alias}`);
  return target;
}

/** The release status of a served version id. */
export function statusOf(id: string): 'beta' | 'stable' {
  const entry = index.versions.find((v) => v.id === id);
  if (!entry) throw new Error(`the version index does not serve ${id}`);
  return entry.status;
}
