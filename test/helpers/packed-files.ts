import { embeddedFileText } from '../../cli/bundle/embedded-file.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { releaseKey } from '../../src/store/bucket.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';

/**
 * Every release under schemas/ as the build ships an embedded release (`embeddedFileText`), by its
 * key in the store's layout. For suites that read the embedded set from files where the deployable
 * module is swapped for the one with every release compiled in.
 */
export function packedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const text of Object.values(BUNDLES)) {
    const bundle = JSON.parse(text) as Bundle;
    files[releaseKey(bundle.manifest.version, bundle.manifest.content_hash)] = embeddedFileText(bundle);
  }
  return files;
}
