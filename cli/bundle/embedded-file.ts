import type { Bundle } from '../../src/domain/bundle.js';
import { packRelease } from '../../src/store/packed-release.js';

/**
 * The text of an embedded release's file as the build ships it: packed (each element, its symbols
 * and each search index parsed only when a call reads them: decision 067; the elements' listed
 * forms on a line of their own: decision 073) and in ASCII (held as bytes since decision 084, it
 * decodes by the UTF-8 decoder's fast path, and its line feeds split it as text). `build-all`
 * writes it; test suites that read the embedded set from files build the same text.
 */
export function embeddedFileText(bundle: Bundle): string {
  return packRelease(bundle, { elementsLine: true, listed: true, ascii: true });
}
