import { asciiJson } from '../../cli/bundle/ascii-json.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { releaseKey } from '../../src/store/bucket.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { packRelease } from '../../src/store/packed-release.js';

/**
 * Every release under schemas/ as the build ships an embedded release: packed, in ASCII, by its key in the
 * store's layout (`build-all` writes these texts; test/cli/build-all.test.ts holds it to that).
 * For suites that read the embedded set from files where the deployable module is swapped for the
 * one with every release compiled in.
 */
export function packedFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const text of Object.values(BUNDLES)) {
    const bundle = JSON.parse(text) as Bundle;
    files[releaseKey(bundle.manifest.version, bundle.manifest.content_hash)] = asciiJson(packRelease(bundle));
  }
  return files;
}
