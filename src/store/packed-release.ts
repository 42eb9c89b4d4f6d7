import { StorageFailure } from '../core/storage.js';
import type { Bundle } from '../domain/bundle.js';

/**
 * The form the embedded set's files take in a deployment (the build writes it; only the
 * embedded store reads it). A release as published, but for the parts only some calls read: the
 * symbols (icons, renders) and each locale's search index (a search in that locale) are held as
 * JSON texts inside it. Parsing the file then skips them (a JSON string is scanned, not built),
 * which is 40% of a release's text, and each is parsed on its first read, once per isolate.
 * The content hash is that of the release as published (docs/content-hash.md); a packed file is
 * never hashed, and a release read back from it is the published release, field for field.
 */
export function packRelease(bundle: Bundle): string {
  const search_index = Object.fromEntries(
    Object.entries(bundle.search_index).map(([locale, index]) => [locale, JSON.stringify(index)]),
  );
  return JSON.stringify({ ...bundle, symbols: JSON.stringify(bundle.symbols), search_index });
}

/**
 * A release parsed from a packed file, its packed parts parsed on their first read (a published
 * file, with nothing packed, is answered as it is). A packed part that is not JSON is a damaged
 * copy: reading it throws a StorageFailure for the release (`upstream_error`), never a fault.
 */
export function unpackRelease(bundle: Bundle): Bundle {
  const id = bundle.manifest.version;
  if (typeof bundle.symbols === 'string') defer(bundle, 'symbols', id);
  const indexes = bundle.search_index as Record<string, unknown> | undefined;
  if (typeof indexes !== 'object' || indexes === null)
    throw new StorageFailure(`release ${id}: its file has no search indexes`, id);
  for (const locale of Object.keys(indexes)) if (typeof indexes[locale] === 'string') defer(indexes, locale, id);
  return bundle;
}

/** Makes `holder[key]` (a JSON text) its parsed value on first read; a failure is kept and thrown again. */
function defer(holder: object, key: string, release: string): void {
  const text = (holder as Record<string, unknown>)[key] as string;
  let parsed: { value: unknown } | { failure: StorageFailure } | undefined;
  Object.defineProperty(holder, key, {
    enumerable: true,
    get() {
      if (parsed === undefined) {
        try {
          parsed = { value: JSON.parse(text) };
        } catch {
          parsed = { failure: new StorageFailure(`release ${release}: its packed ${key} is not JSON`, release) };
        }
      }
      if ('failure' in parsed) throw parsed.failure;
      return parsed.value;
    },
  });
}
