import { VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY } from '../../src/store/bucket.js';
import { type CatalogueEntry, indexOf } from '../../src/store/catalogue.js';
import type { BucketClient, Condition } from './buckets.js';
import { PublishFailure } from './failure.js';

/** The bucket's version index as read, and the condition under which it may be replaced. */
export interface ReadIndex {
  index: VersionIndex;
  /** Replace only this version of `index.json` (or create it when there was none). */
  unchanged: Condition;
}

const EMPTY: VersionIndex = { versions: [], aliases: {} };

/**
 * Reads `index.json`. A missing index is an empty one; an index that is not JSON or not a version
 * index is a PublishFailure (publishing over it would drop every release it names). `fix` says how
 * to repair that bucket.
 */
export async function readIndex(bucket: BucketClient, fix: string): Promise<ReadIndex> {
  const stored = await bucket.get(INDEX_KEY);
  if (stored === undefined) return { index: EMPTY, unchanged: { absent: true } };
  let json: unknown;
  try {
    json = JSON.parse(stored.text);
  } catch {
    throw new PublishFailure(`${INDEX_KEY} is not JSON`, fix);
  }
  const parsed = VersionIndex.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new PublishFailure(`${INDEX_KEY} is not a version index (${issue?.message ?? 'invalid'}${where})`, fix);
  }
  return { index: parsed.data, unchanged: { etagMatches: stored.etag } };
}

/** The index text of `index` with `entries` added or replacing the entries of their ids. */
export function withEntries(index: VersionIndex, entries: readonly CatalogueEntry[]): string {
  const byId = new Map<string, CatalogueEntry>(index.versions.map(({ aliases: _, ...e }) => [e.id, e]));
  for (const e of entries) byId.set(e.id, e);
  return `${JSON.stringify(indexOf([...byId.values()]), null, 2)}\n`;
}
