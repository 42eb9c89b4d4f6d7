import type { Bundle, VersionEntry, VersionIndex } from '../../src/domain/bundle.js';
import { compareNewestFirst, parseVersionId, type VersionId } from '../../src/core/version.js';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index of built releases: entries sorted by id; per type, `<type>@latest` points at the
 * newest stable release (else the newest beta) and `<type>@latest-beta` at the newest beta.
 */
export function buildVersionIndex(bundles: readonly Bundle[]): VersionIndex {
  const ids = bundles.map((b) => {
    const parsed = parseVersionId(b.manifest.version);
    if (parsed.error !== undefined) throw new Error(`buildVersionIndex: ${parsed.error}`);
    return parsed.value;
  });
  const aliases: Record<string, string> = {};
  const types = [...new Set(ids.map((v) => v.type))].sort(byCodeUnits);
  for (const type of types) {
    const newest = ids.filter((v) => v.type === type).sort(compareNewestFirst);
    const stable = newest.find((v) => !v.beta);
    const beta = newest.find((v) => v.beta);
    const latest: VersionId | undefined = stable ?? beta;
    if (latest) aliases[`${type}@latest`] = latest.id;
    if (beta) aliases[`${type}@latest-beta`] = beta.id;
  }
  const versions: VersionEntry[] = bundles
    .map((b) => ({
      id: b.manifest.version,
      status: b.manifest.status,
      created_at: b.manifest.created_at,
      content_hash: b.manifest.content_hash,
      aliases: Object.keys(aliases)
        .filter((a) => aliases[a] === b.manifest.version)
        .sort(byCodeUnits),
    }))
    .sort((a, b) => byCodeUnits(a.id, b.id));
  return { versions, aliases };
}
