import { objectHashesOf, type VersionEntry, type VersionIndex } from '../../src/domain/bundle.js';
import { checkedBundle, objectHashOf, releaseKey } from '../../src/store/bucket.js';
import type { BucketClient } from './buckets.js';

/**
 * The hashes of the bytes of published release objects that `index` names but records none for
 * (objects published before the index recorded them: decision 051), by object key. Each object is
 * read back and checked first as a reader without a recorded hash checks it (`checkedBundle`: its
 * id, stamped hash and recomputed content hash): a reader takes the recorded hash's word for the
 * content, so an object that is missing, is not JSON or is not its release gets none (readers go
 * on checking it, and find it damaged, as before).
 */
export async function vouchedHashes(
  bucket: BucketClient,
  index: VersionIndex,
  entries: readonly Pick<VersionEntry, 'id' | 'content_hash'>[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const recorded = objectHashesOf(index);
  for (const entry of entries) {
    const key = releaseKey(entry.id, entry.content_hash);
    if (recorded.has(key)) continue;
    const stored = await bucket.get(key);
    if (stored === undefined) continue;
    const isRelease = await checkedBundle(stored.text, entry).then(
      () => true,
      () => false,
    );
    if (!isRelease) continue;
    out.set(key, await objectHashOf(stored.text));
  }
  return out;
}
