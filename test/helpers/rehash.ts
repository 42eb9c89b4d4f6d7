import type { Bundle } from '../../src/domain/bundle.js';
import { contentHashOf } from '../../src/store/bucket.js';

/** The bundle with its content hash stamped as the build stamps it (for content made up in a test). */
export async function computeLikeCli(bundle: Bundle): Promise<Bundle> {
  return { ...bundle, manifest: { ...bundle.manifest, content_hash: await contentHashOf(bundle) } };
}
