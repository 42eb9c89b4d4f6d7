import type { BucketClient } from './buckets.js';

/**
 * The object that claims a stable id for one content hash: `releases/<id>/stable`, holding the
 * hash. It is only ever created (a write conditional on no object under the key), never replaced,
 * so of two publishers of one new stable id with different content exactly one claims it. Only the
 * publisher reads it; the Worker reads the index.
 */
function stableClaimKey(id: string): string {
  return `releases/${id}/stable`;
}

/**
 * Claims stable `id` for `hash`, or finds it already claimed for `hash` (a repeat of the same
 * release). Answers the other hash when `id` is claimed for different content.
 */
export async function claimStable(bucket: BucketClient, id: string, hash: string): Promise<string | undefined> {
  const key = stableClaimKey(id);
  if (await bucket.put(key, hash, { absent: true })) return undefined;
  const claimed = (await bucket.get(key))?.text.trim();
  return claimed === hash ? undefined : (claimed ?? '(a claim that vanished)');
}
