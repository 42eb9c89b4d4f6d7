import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverReleases } from '../../cli/commands/build-all.js';
import { DEFAULTS } from '../../cli/paths.js';
import type { BucketClient } from '../../cli/publish/buckets.js';
import { publish } from '../../cli/publish/publish.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { computeLikeCli } from '../helpers/rehash.js';

/** The id of the stable release the bucket holds beyond schemas/: newer than any, embedded nowhere. */
const BUCKET_ONLY_STABLE = 'ai@2027-01-01';

/** Objects by key, as a bucket holds them. */
export type BucketObjects = Record<string, string>;

/** A bucket in memory with the operations publishing uses; one process writes it, so checks are atomic. */
function memoryBucket(objects: BucketObjects): BucketClient {
  const etags = new Map<string, string>();
  let version = 0;
  return {
    atomic: true,
    get: async (key) => (Object.hasOwn(objects, key) ? { text: objects[key]!, etag: etags.get(key)! } : undefined),
    put: async (key, text, condition) => {
      const present = Object.hasOwn(objects, key);
      if (condition && ('absent' in condition ? present : etags.get(key) !== condition.etagMatches)) return false;
      objects[key] = text;
      etags.set(key, String(++version));
      return true;
    },
    close: async () => {},
  };
}

/** The built bundle of every release under schemas/ (written by the build that ran before). */
function builtReleases(): { bundle: Bundle; json: string }[] {
  return discoverReleases(DEFAULTS.root).releases.map(({ id }) => {
    const json = readFileSync(join(DEFAULTS.out, id.type, `${id.dir}.json`), 'utf8');
    return { bundle: JSON.parse(json) as Bundle, json };
  });
}

/**
 * What `npm run schema -- publish --all` writes to the release bucket (the publish code itself,
 * over a bucket in memory), plus a copy of the newest stable release published as
 * BUCKET_ONLY_STABLE with its hash recomputed, so `ai@latest` names a release only the bucket has.
 */
export async function releaseBucketObjects(): Promise<BucketObjects> {
  const built = builtReleases();
  const newestStable = built
    .filter((r) => r.bundle.manifest.status === 'stable')
    .sort((a, b) => (a.bundle.manifest.created_at < b.bundle.manifest.created_at ? 1 : -1))[0];
  if (!newestStable) throw new Error('schemas/ holds no stable release to publish a newer copy of');
  const newer = await computeLikeCli({
    ...newestStable.bundle,
    manifest: { ...newestStable.bundle.manifest, version: BUCKET_ONLY_STABLE, created_at: '2027-01-01T00:00:00Z' },
  });
  const objects: BucketObjects = {};
  const outcomes = await publish(memoryBucket(objects), [...built, { bundle: newer, json: JSON.stringify(newer) }]);
  const refused = outcomes.filter((o) => o.result === 'refused');
  if (refused.length) throw new Error(`publishing to the test bucket refused: ${JSON.stringify(refused)}`);
  return objects;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The release bucket's objects, for the cold project (test/setup/cold-app.ts puts them in RELEASES). */
    releaseBucket?: BucketObjects;
  }
}
