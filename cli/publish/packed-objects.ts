import type { Bundle } from '../../src/domain/bundle.js';
import { checkedBundle, contentHashOf, objectHashOf, packedKey } from '../../src/store/bucket.js';
import { packRelease, unpackRelease } from '../../src/store/packed-release.js';
import type { BucketClient } from './buckets.js';
import { PublishFailure } from './failure.js';

/** How many bytes a release's packed copy takes (`judge` refuses a release whose copy a reader would not read). */
export const packedBytes = (bundle: Bundle): number => Buffer.byteLength(packRelease(bundle), 'utf8');

/**
 * Writes a release's packed object (decision 065) from its built text and answers the hash of the
 * bytes written, which the index records and readers check the object by. A reader takes that
 * hash's word for the packed object's content, so both ends are checked first: the built text is
 * its release (its recomputed content hash is the one it is stamped with), and so is the packed
 * text read back (every part parsed, the content hash recomputed).
 */
export async function writePacked(bucket: BucketClient, json: string, bundle: Bundle): Promise<string> {
  const m = bundle.manifest;
  const entry = { id: m.version, content_hash: m.content_hash };
  const fault = () =>
    new PublishFailure(
      `${m.version}: its built text, or the packed copy made from it, does not have the content hash it is stamped with`,
      'Build it again (npm run gen); this is a fault of the build, not of the release.',
    );
  const checked = await checkedBundle(json, entry).catch(() => {
    throw fault();
  });
  const packed = packRelease(checked);
  const back = await contentHashOf(unpackRelease(packed, m.version)).catch(() => undefined);
  if (back !== m.content_hash) throw fault();
  await bucket.put(packedKey(m.version, m.content_hash), packed);
  return objectHashOf(packed);
}
