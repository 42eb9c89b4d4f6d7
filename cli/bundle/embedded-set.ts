import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareNewestFirst, parseVersionId, type VersionId } from '../../src/core/version.js';

/** The file under the schemas root that pins the embedded set. */
const EMBEDDED_FILE = 'embedded.json';

/** What `<root>/embedded.json` pins: the embedded set, and the bucket releases the deployment reads beside the index. */
export interface PinnedSets {
  /** The releases the deployable ships with (the rest are served from the release bucket). */
  embedded: string[];
  /**
   * Releases the deployment expects the bucket to hold, whose packed objects a first call naming
   * one reads beside the bucket's index (decision 071); none without the file.
   */
  published: string[];
}

/**
 * The sets `<root>/embedded.json` pins (`{"embedded": ["ai@2026-08-12", ...], "published":
 * ["dtpr@2026-09-01-beta", ...]}`); without the file the embedded set is per type the newest stable
 * and the newest beta, and none is published. Pinning them keeps the deployable unchanged when a
 * release is added. Throws on a listed id that is not built, and on a published id also embedded.
 */
export function pinnedSets(root: string, built: readonly VersionId[]): PinnedSets {
  const file = join(root, EMBEDDED_FILE);
  if (!existsSync(file)) return { embedded: newestOfEach(built), published: [] };
  const pins = JSON.parse(readFileSync(file, 'utf8')) as { embedded?: unknown; published?: unknown };
  const known = new Set(built.map((v) => v.id));
  const idsOf = (field: 'embedded' | 'published', listed: unknown): string[] => {
    if (!Array.isArray(listed) || !listed.every((x): x is string => typeof x === 'string'))
      throw new Error(`${EMBEDDED_FILE}: "${field}" must be an array of release ids`);
    for (const id of listed) {
      if (parseVersionId(id).error !== undefined || !known.has(id))
        throw new Error(`${EMBEDDED_FILE}: '${id}' is not a release under ${root}`);
    }
    return [...new Set(listed)].sort();
  };
  const embedded = idsOf('embedded', pins.embedded);
  const published = pins.published === undefined ? [] : idsOf('published', pins.published);
  const both = published.find((id) => embedded.includes(id));
  if (both) throw new Error(`${EMBEDDED_FILE}: '${both}' is both embedded and published; name it in one list`);
  return { embedded, published };
}

function newestOfEach(built: readonly VersionId[]): string[] {
  const out: string[] = [];
  for (const type of new Set(built.map((v) => v.type))) {
    const newest = built.filter((v) => v.type === type).sort(compareNewestFirst);
    for (const pick of [newest.find((v) => !v.beta), newest.find((v) => v.beta)]) if (pick) out.push(pick.id);
  }
  return out.sort();
}
