import { catalogueStore } from '../../src/store/catalogue-store.js';

/** What the built version index serves, so tests stay true when a release (a draft beta) is added. */
const index = catalogueStore().index();

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
