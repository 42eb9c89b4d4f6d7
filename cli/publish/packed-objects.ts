import { canonicalJson } from '../../src/core/canonical-json.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { contentHashOf, objectHashOf, packedKey } from '../../src/store/bucket.js';
import { listedForm, packedElementsOf } from '../../src/store/packed-elements.js';
import { packRelease, unpackRelease } from '../../src/store/packed-release.js';
import type { BucketClient } from './buckets.js';
import { PublishFailure } from './failure.js';

/**
 * The text of a release's packed object: its elements on a line of their own (decision 067) and
 * their listed forms on the next (decision 073), in UTF-8.
 */
export const packedObjectText = (bundle: Bundle): string => packRelease(bundle, { elementsLine: true, listed: true });

/** Each built release's packed text, made once per publish run (every attempt judges its size). */
const packedTexts = new WeakMap<Bundle, string>();
const packedText = (bundle: Bundle): string => {
  let text = packedTexts.get(bundle);
  if (text === undefined) packedTexts.set(bundle, (text = packedObjectText(bundle)));
  return text;
};

/** How many bytes a release's packed copy takes (`judge` refuses a release whose copy a reader would not read). */
export const packedBytes = (bundle: Bundle): number => Buffer.byteLength(packedText(bundle), 'utf8');

/**
 * The content hash of a packed text read back as a reader would, each element cut from its line by
 * its recorded end before the list is read (which reuses them), so the hash checks the ends too;
 * undefined when it does not read back (a part or an element that will not parse, or listed forms,
 * read before any element, that are not the elements' own: decision 073).
 */
export async function readBackHash(packed: string, id: string): Promise<string | undefined> {
  try {
    const bundle = unpackRelease(packed, id);
    const elements = packedElementsOf(bundle);
    const listed = elements?.hasListedLine ? [...elements.listedById().values()] : undefined;
    elements?.ids.forEach((_, i) => elements.at(i));
    if (listed && canonicalJson(listed) !== canonicalJson(bundle.elements.map(listedForm))) return undefined;
    return await contentHashOf(bundle);
  } catch {
    return undefined;
  }
}

/**
 * Writes a release's packed object (decisions 065, 067, 073: the elements and their listed forms on lines of their own) and answers the hash of the bytes written, which
 * the index records and readers check the object by. A reader takes that hash's word for the packed
 * object's content, so the packed text is checked first: read back (every part parsed), its
 * recomputed content hash is the one the release is stamped with.
 */
export async function writePacked(bucket: BucketClient, bundle: Bundle): Promise<string> {
  const m = bundle.manifest;
  const packed = packedText(bundle);
  const back = await readBackHash(packed, m.version);
  if (back !== m.content_hash)
    throw new PublishFailure(
      `${m.version}: the packed copy of its built release does not have the content hash it is stamped with`,
      'Build it again (npm run gen); this is a fault of the build, not of the release.',
    );
  await bucket.put(packedKey(m.version, m.content_hash), packed);
  return objectHashOf(packed);
}
