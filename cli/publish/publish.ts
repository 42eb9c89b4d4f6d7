import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY, releaseKey } from '../../src/store/bucket.js';
import { type CatalogueEntry, indexOf } from '../../src/store/catalogue.js';
import type { BucketClient } from './buckets.js';

/** What publishing did with one release. */
export type Outcome =
  | { id: string; result: 'published' | 'replaced' | 'unchanged'; hash: string }
  | { id: string; result: 'refused'; hash: string; reason: string };

const EMPTY: VersionIndex = { versions: [], aliases: {} };

async function currentIndex(bucket: BucketClient): Promise<VersionIndex> {
  const text = await bucket.get(INDEX_KEY);
  return text === undefined ? EMPTY : (JSON.parse(text) as VersionIndex);
}

/**
 * Publishes built releases to the bucket. Per release: the same content hash as published is a
 * no-op; a published stable release with another hash is refused (a stable release never
 * changes); a beta is replaced; a new id is added. Release objects are written first, the index
 * last and once, so a reader sees either the old catalogue or the new one, never half of it. When
 * any release is refused nothing is written.
 */
export async function publish(
  bucket: BucketClient,
  releases: readonly { bundle: Bundle; json: string }[],
): Promise<Outcome[]> {
  const index = await currentIndex(bucket);
  const published = new Map(index.versions.map((v) => [v.id, v]));
  const outcomes: Outcome[] = releases.map(({ bundle: { manifest: m } }) => {
    const was = published.get(m.version);
    if (!was) return { id: m.version, result: 'published', hash: m.content_hash };
    if (was.content_hash === m.content_hash) return { id: m.version, result: 'unchanged', hash: m.content_hash };
    if (was.status === 'stable')
      return {
        id: m.version,
        result: 'refused',
        hash: m.content_hash,
        reason: `${m.version} is published as stable with ${was.content_hash}; a stable release never changes. Publish the change as a new release.`,
      };
    return { id: m.version, result: 'replaced', hash: m.content_hash };
  });
  if (outcomes.some((o) => o.result === 'refused')) return outcomes;
  const changed = releases.filter((_, i) => outcomes[i]!.result !== 'unchanged');
  if (changed.length === 0) return outcomes;
  for (const { bundle, json } of changed)
    await bucket.put(releaseKey(bundle.manifest.version, bundle.manifest.content_hash), json);
  const entries = new Map<string, CatalogueEntry>(index.versions.map(({ aliases: _, ...e }) => [e.id, e]));
  for (const {
    bundle: { manifest: m },
  } of changed)
    entries.set(m.version, { id: m.version, status: m.status, created_at: m.created_at, content_hash: m.content_hash });
  await bucket.put(INDEX_KEY, `${JSON.stringify(indexOf([...entries.values()]), null, 2)}\n`);
  return outcomes;
}
