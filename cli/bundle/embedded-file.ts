import type { Bundle } from '../../src/domain/bundle.js';
import { packRelease } from '../../src/store/packed-release.js';
import { asciiJson } from '../../src/core/ascii-json.js';

/**
 * The text of an embedded release's file as the build ships it: packed (its symbols and search
 * indexes parsed only when a call reads them) and in ASCII (a text module of ASCII is held one
 * byte per character). `build-all` writes it; test suites that read the embedded set from files
 * build the same text.
 */
export function embeddedFileText(bundle: Bundle): string {
  return asciiJson(packRelease(bundle));
}
