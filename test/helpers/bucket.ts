import { env } from 'cloudflare:workers';
import { packedObjectText } from '../../cli/publish/packed-objects.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, INDEX_KEY, objectHashOf, packedKey, releaseKey } from '../../src/store/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { indexText } from '../../src/store/index-text.js';
import { createLayeredStore } from '../../src/store/layered.js';

/** The local release bucket of the test Worker (the `RELEASES` binding of wrangler.toml). */
const bucket = env.RELEASES!;

/**
 * Publishes bundle texts as the CLI does: objects first, then the index of them (with the hashes of
 * the objects' bytes, and the releases' review metadata), under `prefix`. With `packed`, each
 * release's packed object too, with its hash (decision 065); without, the bucket is one published
 * before that decision.
 */
async function publishUnder(prefix: string, texts: readonly string[], packed = false): Promise<void> {
  const bundles = texts.map((t) => JSON.parse(t) as Bundle);
  const objects: Record<string, string> = {};
  for (const [i, b] of bundles.entries()) {
    const key = releaseKey(b.manifest.version, b.manifest.content_hash);
    await bucket.put(prefix + key, texts[i]!);
    objects[key] = await objectHashOf(texts[i]!);
    if (!packed) continue;
    const packedText = packedObjectText(b);
    await bucket.put(prefix + packedKey(b.manifest.version, b.manifest.content_hash), packedText);
    objects[packedKey(b.manifest.version, b.manifest.content_hash)] = await objectHashOf(packedText);
  }
  const entries = bundles.map(({ manifest: m }) => ({
    id: m.version,
    status: m.status,
    created_at: m.created_at,
    content_hash: m.content_hash,
  }));
  // With each release's review metadata, in the layout publish writes (decision 069).
  const { translations } = JSON.parse(VERSION_INDEX) as VersionIndex;
  await bucket.put(prefix + INDEX_KEY, indexText({ ...indexOf(entries, translations), objects }));
}

async function clearUnder(prefix: string): Promise<void> {
  const listed = await bucket.list({ prefix });
  if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
}

/**
 * A part of the real local bucket of its own, under a key prefix: a test file that fills or damages
 * it does not disturb another file running beside it in the same runtime. `reader` is what a store
 * reads it through.
 */
export function bucketArea(name: string) {
  const prefix = `areas/${name}/`;
  const reader: BucketReader = { get: (key) => bucket.get(prefix + key) };
  return {
    reader,
    put: (key: string, value: string) => bucket.put(prefix + key, value),
    delete: (key: string) => bucket.delete(prefix + key),
    clear: () => clearUnder(prefix),
    publish: (texts: readonly string[], packed = false) => publishUnder(prefix, texts, packed),
  };
}

/**
 * A cold layered store over `reader` whose reads are listed in order (each read is one get) and
 * whose reads of `failing` keys throw: the embedded set is one release alone (`embeddedId`, the
 * oldest by default), so every other release is the bucket's. Its clock stands still and it reports
 * nothing.
 */
export function countedColdStore(reader: BucketReader, failing: readonly string[] = [], embeddedId?: string) {
  const reads: string[] = [];
  const counted: BucketReader = {
    get: async (key) => {
      reads.push(key);
      if (failing.includes(key)) throw new Error('the bucket did not answer');
      return reader.get(key);
    },
  };
  const versions = (JSON.parse(VERSION_INDEX) as VersionIndex).versions;
  const { aliases: _, ...entry } = versions.find((v) => v.id === embeddedId) ?? versions[0]!;
  const embedded = createEmbeddedStore({ [entry.id]: BUNDLES[entry.id]! }, JSON.stringify(indexOf([entry])));
  const store = createLayeredStore({ embedded, bucket: counted, now: () => 0, report: () => {} });
  return { store, reads };
}

/**
 * A reader over `reader` whose reads are listed in the order they are made (`reads`) and whose read
 * of the index is held until `open()`: a read made while it is held was made beside the index. The
 * reads of `never` never answer, and the first read of each key in `failOnce` throws.
 */
export function indexHeldReader(
  reader: BucketReader,
  options: { failOnce?: readonly string[]; never?: readonly string[] } = {},
) {
  const reads: string[] = [];
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  const bucket: BucketReader = {
    get: async (key) => {
      reads.push(key);
      if (key === INDEX_KEY) await held;
      if (options.never?.includes(key)) await new Promise(() => {});
      if (options.failOnce?.includes(key) && reads.filter((k) => k === key).length === 1)
        throw new Error('the bucket did not answer');
      return reader.get(key);
    },
  };
  return { bucket, reads, open };
}
