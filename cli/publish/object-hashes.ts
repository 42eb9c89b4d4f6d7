import { type Bundle, objectHashesOf, type VersionEntry, type VersionIndex } from '../../src/domain/bundle.js';
import { objectHashOf, releaseKey } from '../../src/store/bucket.js';
import { computeContentHash } from '../bundle/content-hash.js';
import type { BucketClient } from './buckets.js';

/**
 * The hashes of the bytes of published release objects that `index` names but records none for
 * (objects published before the index recorded them: decision 051), by object key. Each object is
 * read back and checked by its content hash first: a reader takes the recorded hash's word for the
 * content, so an object that is missing, is not JSON or is not its release gets none (readers go
 * on checking it, and find it damaged, as before).
 */
export async function vouchedHashes(
  bucket: BucketClient,
  index: VersionIndex,
  entries: readonly VersionEntry[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const recorded = objectHashesOf(index);
  for (const entry of entries) {
    const key = releaseKey(entry.id, entry.content_hash);
    if (recorded.has(key)) continue;
    const stored = await bucket.get(key);
    if (stored === undefined || !isRelease(stored.text, entry)) continue;
    out.set(key, await objectHashOf(stored.text));
  }
  return out;
}

function isRelease(text: string, entry: VersionEntry): boolean {
  try {
    const bundle = JSON.parse(text) as Bundle;
    return (
      bundle?.manifest?.version === entry.id &&
      bundle.manifest.content_hash === entry.content_hash &&
      computeContentHash(bundle) === entry.content_hash
    );
  } catch {
    return false;
  }
}
