import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareNewestFirst, parseVersionId, type VersionId } from '../../src/core/version.js';

/** The file under the schemas root that pins the embedded set. */
const EMBEDDED_FILE = 'embedded.json';

/**
 * The releases the deployable ships with (the rest are served from the release bucket):
 * the ids listed in `<root>/embedded.json` (`{"embedded": ["ai@2026-08-12", ...]}`), else per
 * type the newest stable and the newest beta. Pinning them keeps the deployable unchanged when a
 * release is added. Throws on a listed id that is not built.
 */
export function embeddedSet(root: string, built: readonly VersionId[]): string[] {
  const file = join(root, EMBEDDED_FILE);
  if (!existsSync(file)) return newestOfEach(built);
  const listed = (JSON.parse(readFileSync(file, 'utf8')) as { embedded?: unknown }).embedded;
  if (!Array.isArray(listed) || !listed.every((x): x is string => typeof x === 'string'))
    throw new Error(`${EMBEDDED_FILE}: "embedded" must be an array of release ids`);
  const known = new Set(built.map((v) => v.id));
  for (const id of listed) {
    if (parseVersionId(id).error !== undefined || !known.has(id))
      throw new Error(`${EMBEDDED_FILE}: '${id}' is not a release under ${root}`);
  }
  return [...new Set(listed)].sort();
}

function newestOfEach(built: readonly VersionId[]): string[] {
  const out: string[] = [];
  for (const type of new Set(built.map((v) => v.type))) {
    const newest = built.filter((v) => v.type === type).sort(compareNewestFirst);
    for (const pick of [newest.find((v) => !v.beta), newest.find((v) => v.beta)]) if (pick) out.push(pick.id);
  }
  return out.sort();
}
