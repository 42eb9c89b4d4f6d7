import { createEmbeddedStore } from './embedded.js';
import { BUNDLES, VERSION_INDEX } from './generated/bundles.js';
import type { SchemaStore } from './store.js';

/**
 * A store of every release under schemas/, compiled in as text: what tests, benchmarks and the
 * generators read. The Worker never imports it (a deployment serves `deploymentStore`).
 */
export function createCatalogueStore(): SchemaStore {
  return createEmbeddedStore(BUNDLES, VERSION_INDEX);
}

let shared: SchemaStore | undefined;
/** One shared store of every release, parsed on first use. */
export function catalogueStore(): SchemaStore {
  return (shared ??= createCatalogueStore());
}
