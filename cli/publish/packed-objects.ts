import type { Bundle } from '../../src/domain/bundle.js';
import { checkedBundle, MAX_RELEASE_BYTES, objectHashOf, packedKey } from '../../src/store/bucket.js';
import { packRelease } from '../../src/store/packed-release.js';
import type { BucketClient } from './buckets.js';
import { PublishFailure } from './failure.js';

/**
 * Writes a release's packed object (decision 065) from its built text and answers the hash of the
 * bytes written, which the index records and readers check the object by; none when the packed
 * text would be over what a reader reads (readers then read the published object, as before). The
 * built text is checked to be its release first (its recomputed content hash is the one it is
 * stamped with): a reader takes the recorded hash's word for the packed object's content.
 */
export async function writePacked(bucket: BucketClient, json: string, bundle: Bundle): Promise<string | undefined> {
  const m = bundle.manifest;
  const entry = { id: m.version, content_hash: m.content_hash };
  const checked = await checkedBundle(json, entry).catch(() => {
    throw new PublishFailure(
      `${m.version}: its built text does not have the content hash it is stamped with`,
      'Build it again (npm run gen); this is a fault of the build, not of the release.',
    );
  });
  const packed = packRelease(checked);
  if (Buffer.byteLength(packed, 'utf8') > MAX_RELEASE_BYTES) return undefined;
  await bucket.put(packedKey(m.version, m.content_hash), packed);
  return objectHashOf(packed);
}
