import { objectHashesOf, VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY, legacyPackedKey, packedKey, releaseKey } from '../../src/store/bucket.js';
import { type CatalogueEntry, indexOf } from '../../src/store/catalogue.js';
import { indexText } from '../../src/store/index-text.js';
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

/**
 * A release's index entry and the review metadata published with it (none: it ships none), and the
 * hash of its object's bytes (`objectHashOf`) when this publish wrote the object or checked the
 * stored one, and of its packed object's when this publish wrote that (none: the index's hash of
 * it, if any, stays).
 */
export interface PublishedEntry {
  entry: CatalogueEntry;
  translations?: unknown;
  objectHash?: string;
  packedHash?: string;
}

/**
 * The index text of `index` with `entries` added or replacing the entries of their ids; each
 * replaced id's review metadata is the one given with it (dropped when none is). The hashes of the
 * objects (`objects`: published and packed, in either packed form) are kept for the objects the entries name, and set for
 * those this publish wrote.
 */
export function withEntries(index: VersionIndex, entries: readonly PublishedEntry[]): string {
  const byId = new Map<string, CatalogueEntry>(index.versions.map(({ aliases: _, ...e }) => [e.id, e]));
  const translations: Record<string, unknown> = { ...index.translations };
  const hashes = objectHashesOf(index);
  for (const { entry, translations: review, objectHash, packedHash } of entries) {
    byId.set(entry.id, entry);
    if (review === undefined) delete translations[entry.id];
    else translations[entry.id] = review;
    if (objectHash !== undefined) hashes.set(releaseKey(entry.id, entry.content_hash), objectHash);
    if (packedHash !== undefined) hashes.set(packedKey(entry.id, entry.content_hash), packedHash);
  }
  const catalogue = indexOf([...byId.values()], translations);
  const objects: Record<string, string> = {};
  // A packed object of decision 065's form keeps its hash: readers deployed before decision 067 read it.
  for (const v of catalogue.versions)
    for (const key of [
      releaseKey(v.id, v.content_hash),
      packedKey(v.id, v.content_hash),
      legacyPackedKey(v.id, v.content_hash),
    ]) {
      const hash = hashes.get(key);
      if (hash !== undefined) objects[key] = hash;
    }
  const written = Object.keys(objects).length ? { ...catalogue, objects } : catalogue;
  return indexText(written);
}
