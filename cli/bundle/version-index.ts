import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import type { TranslationReview } from '../../src/domain/translations.js';
import { parseVersionId } from '../../src/core/version.js';
import { indexOf } from '../../src/store/catalogue.js';

/**
 * The index of built releases (aliases as `src/store/catalogue.ts` assigns them), with the review
 * metadata of those that ship some (`translations`, by release id).
 */
export function buildVersionIndex(
  bundles: readonly Bundle[],
  translations: Readonly<Record<string, TranslationReview>> = {},
): VersionIndex {
  for (const b of bundles) {
    const parsed = parseVersionId(b.manifest.version);
    if (parsed.error !== undefined) throw new Error(`buildVersionIndex: ${parsed.error}`);
  }
  return indexOf(
    bundles.map(({ manifest: m }) => ({
      id: m.version,
      status: m.status,
      created_at: m.created_at,
      content_hash: m.content_hash,
    })),
    translations,
  );
}
