import type { Bundle } from '../../src/domain/bundle.js';
import { UNSTAMPED_HASH, type Category } from '../../src/domain/content.js';
import type { Release } from '../release.js';
import { computeContentHash } from './content-hash.js';
import { materializeElement } from './materialize.js';
import { buildSearchIndex } from './search-index.js';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Compiles a release that has no error findings into its bundle, content hash stamped.
 * Throws if the release is incomplete (a caller bug: check findings first).
 */
export function assembleBundle(release: Release): Bundle {
  const { manifest, datachainType } = release;
  if (!manifest || !datachainType) throw new Error('assembleBundle: release has no manifest or datachain type');
  const byId = new Map(release.categories.map((c) => [c.value.id, c.value]));
  const category = (id: string): Category => {
    const found = byId.get(id);
    if (!found) throw new Error(`assembleBundle: unknown category ${id}`);
    return found;
  };
  const categories = datachainType.value.categories.map(category);
  const elements = release.elements
    .map(({ value }) => materializeElement(value, category(value.category_id)))
    .sort((a, b) => byCodeUnits(a.id, b.id));
  const symbols = Object.fromEntries(
    [...release.symbols].sort((a, b) => byCodeUnits(a.id, b.id)).map((s) => [s.id, s.text]),
  );
  const search_index = Object.fromEntries(
    manifest.value.locales.map((locale) => [locale, buildSearchIndex(elements, categories, locale)]),
  );
  const bundle: Bundle = {
    manifest: { ...manifest.value, content_hash: UNSTAMPED_HASH },
    datachain_type: datachainType.value,
    categories,
    elements,
    symbols,
    search_index,
  };
  bundle.manifest.content_hash = computeContentHash(bundle);
  return bundle;
}
