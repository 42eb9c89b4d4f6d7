import { StorageFailure } from '../core/storage.js';
import type { Bundle } from '../domain/bundle.js';

/**
 * The form the embedded set's files take in a deployment (the build writes it; only the
 * embedded store reads it). A release as published, but for the parts only some calls read: the
 * symbols (icons, renders) and each locale's search index (a search in that locale). These follow
 * the release's own JSON, one line each (JSON has no raw line break), and the release names each
 * by its line's number (1, 2, ...). A first call then parses only the first line, 60% of the text
 * (a part inside it, even as a JSON string, would still be scanned and copied), and each part is
 * parsed on its first read, once per isolate.
 * The content hash is that of the release as published (docs/content-hash.md); a packed file is
 * never hashed, and a release read back from it is the published release, field for field.
 */
export function packRelease(bundle: Bundle): string {
  const parts = [JSON.stringify(bundle.symbols)];
  const search_index = Object.fromEntries(
    Object.entries(bundle.search_index).map(([locale, index]) => [locale, parts.push(JSON.stringify(index))]),
  );
  return [JSON.stringify({ ...bundle, symbols: 1, search_index }), ...parts].join('\n');
}

/**
 * Release `id` parsed from a packed file's text, its parts parsed on their first read (a published
 * file, with nothing packed, is answered as it is). A part that is missing or not JSON is a damaged
 * copy: reading it throws a StorageFailure for the release (`upstream_error`), never a fault.
 */
export function unpackRelease(text: string, id: string): Bundle {
  const lines = text.split('\n');
  // A part's line: a whole number past the release's own line, else none.
  const part = (n: unknown) => (Number.isInteger(n) && (n as number) > 0 ? lines[n as number] : undefined);
  const bundle = JSON.parse(lines[0]!) as Bundle;
  if (typeof bundle.symbols === 'number') defer(bundle, 'symbols', part(bundle.symbols), id);
  const indexes = bundle.search_index as Record<string, unknown> | undefined;
  if (typeof indexes !== 'object' || indexes === null)
    throw new StorageFailure(`release ${id}: its file has no search indexes`, id);
  for (const locale of Object.keys(indexes))
    if (typeof indexes[locale] === 'number') defer(indexes, locale, part(indexes[locale]), id);
  return bundle;
}

/** Makes `holder[key]` the value of `text` (JSON; none when missing), parsed on first read; a failure is kept and thrown again. */
function defer(holder: object, key: string, text: string | undefined, release: string): void {
  let parsed: { value: unknown } | { failure: StorageFailure } | undefined;
  Object.defineProperty(holder, key, {
    enumerable: true,
    get() {
      if (parsed === undefined) {
        try {
          parsed = { value: JSON.parse(text!) };
        } catch {
          parsed = {
            failure: new StorageFailure(`release ${release}: its packed ${key} is missing or not JSON`, release),
          };
        }
      }
      if ('failure' in parsed) throw parsed.failure;
      return parsed.value;
    },
  });
}
