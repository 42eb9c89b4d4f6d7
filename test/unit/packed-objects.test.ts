import { beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { StorageFailure } from '../../src/core/storage.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import {
  INDEX_KEY,
  legacyPackedKey,
  MAX_RELEASE_BYTES,
  objectHashOf,
  packedKey,
  releaseKey,
} from '../../src/store/bucket.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { packRelease } from '../../src/store/packed-release.js';
import { bucketArea, countedColdStore } from '../helpers/bucket.js';

/**
 * A bucket release is read from its packed object where the index records that object's hash
 * (decisions 065, 067): only what a call needs is decoded and parsed, and anything amiss with the packed
 * object falls back to the published object, checked as before.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const BUCKET_IDS = ALL.versions.slice(1).map((v) => v.id);
const area = bucketArea('packed-objects');
const bundleOf = (id: string) => JSON.parse(BUNDLES[id]!) as Bundle;
const keysOf = (id: string) => {
  const hash = bundleOf(id).manifest.content_hash;
  return { published: releaseKey(id, hash), packed: packedKey(id, hash), legacy: legacyPackedKey(id, hash) };
};
/** The release with text in more than one script, symbols and the most search indexes. */
const DTPR = BUCKET_IDS.find((id) => id.startsWith('dtpr@'))!;
/** A bucket release no alias names: only a call that names it reads it. */
const UNALIASED = BUCKET_IDS.find((id) => !Object.values(ALL.aliases).includes(id))!;

/** A cold layered store over the area, its reads listed in order; `failing` keys throw. */
function coldStore(failing: readonly string[] = []) {
  const { store, reads } = countedColdStore(area.reader, failing);
  /** Reads the index only (no read-ahead), then `id` as a call naming it would. */
  const load = async (id: string) => {
    await store.settle!();
    await store.load!(id);
    return store.release(id)!.bundle;
  };
  return { store, reads, load };
}

/** The index as published, with its `objects` changed by `edit`. */
async function editObjects(edit: (objects: Record<string, string>) => void): Promise<void> {
  const index = JSON.parse(await (await area.reader.get(INDEX_KEY))!.text()) as VersionIndex;
  const objects = { ...(index.objects as Record<string, string>) };
  edit(objects);
  await area.put(INDEX_KEY, JSON.stringify({ ...index, objects }));
}

/** The area cleared, then every bucket release published with its packed object and its hash. */
async function publishedWithPackedObjects(): Promise<void> {
  await area.clear();
  await area.publish(
    BUCKET_IDS.map((id) => BUNDLES[id]!),
    true,
  );
}

describe('a bucket release with a packed object', () => {
  beforeEach(publishedWithPackedObjects);

  it('is read from its packed object alone, and is the published release field for field', async () => {
    for (const id of [DTPR, UNALIASED]) {
      const { reads, load } = coldStore();
      const bundle = await load(id);
      expect(reads, id).toEqual([INDEX_KEY, keysOf(id).packed]);
      expect(canonicalJson(bundle), id).toBe(canonicalJson(bundleOf(id)));
    }
  });

  it("holds its elements' listed forms on a line of their own (decision 073), which a list of them reads instead of the elements; an object without one reads as before", async () => {
    const text = (await (await area.reader.get(keysOf(DTPR).packed))!.text()).split('\n');
    const head = JSON.parse(text[0]!) as { elements: { line: number; listed: number } };
    expect(head.elements.listed).toBe(head.elements.line + 1);
    const listed = bundleOf(DTPR).elements.map(({ id, title, category_id }) => ({ id, title, category_id }));
    expect(JSON.parse(text[head.elements.listed]!)).toEqual(listed);
    const { store, load } = coldStore();
    await load(DTPR);
    const release = store.release(DTPR)!;
    expect([...release.listedById.values()]).toEqual(listed);
    // An object written before decision 073 (no listed line), its hash recorded: the same release,
    // whose list reads the elements.
    const before = packRelease(bundleOf(DTPR), { elementsLine: true });
    await area.put(keysOf(DTPR).packed, before);
    const recorded = await objectHashOf(before);
    await editObjects((objects) => void (objects[keysOf(DTPR).packed] = recorded));
    const older = coldStore();
    expect(canonicalJson(await older.load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    const read = older.store.release(DTPR)!;
    expect(read.listedById).toBe(read.elementById);
  });

  it('has its symbols and each search index decoded and parsed on their first read, not before', async () => {
    // A packed object whose French search index is not JSON, with the hash of these very bytes
    // recorded (as if publish had written them): the release reads, and only that part fails.
    const lines = packRelease(bundleOf(DTPR), { elementsLine: true }).split('\n');
    const head = JSON.parse(lines[0]!) as { search_index: Record<string, number> };
    lines[head.search_index.fr!] = '{"not json';
    const damaged = lines.join('\n');
    await area.put(keysOf(DTPR).packed, damaged);
    const recorded = await objectHashOf(damaged);
    await editObjects((objects) => void (objects[keysOf(DTPR).packed] = recorded));
    const { reads, load } = coldStore();
    const bundle = await load(DTPR);
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).packed]);
    expect(bundle.elements.length).toBe(bundleOf(DTPR).elements.length);
    expect(bundle.search_index.en).toEqual(bundleOf(DTPR).search_index.en);
    expect(bundle.symbols).toEqual(bundleOf(DTPR).symbols);
    expect(() => bundle.search_index.fr).toThrow(StorageFailure);
    expect(() => bundle.search_index.fr).toThrow(`release ${DTPR}: its packed fr is missing or not JSON`);
  });

  it('whose bytes are not those the index records is passed over: the published object is read and checked instead', async () => {
    const tampered = packRelease({ ...bundleOf(UNALIASED), elements: [] }, { elementsLine: true });
    await area.put(keysOf(UNALIASED).packed, tampered);
    const { reads, load } = coldStore();
    const bundle = await load(UNALIASED);
    expect(reads).toEqual([INDEX_KEY, keysOf(UNALIASED).packed, keysOf(UNALIASED).published]);
    expect(canonicalJson(bundle)).toBe(canonicalJson(bundleOf(UNALIASED)));
  });

  it('that is missing is passed over too', async () => {
    await area.delete(keysOf(UNALIASED).packed);
    const { reads, load } = coldStore();
    expect(canonicalJson(await load(UNALIASED))).toBe(canonicalJson(bundleOf(UNALIASED)));
    expect(reads).toEqual([INDEX_KEY, keysOf(UNALIASED).packed, keysOf(UNALIASED).published]);
  });

  it('that is over the size a release may have, or whose read fails, is passed over too: the release stays readable', async () => {
    await area.put(keysOf(UNALIASED).packed, 'x'.repeat(MAX_RELEASE_BYTES + 1));
    const oversized = coldStore();
    expect(canonicalJson(await oversized.load(UNALIASED))).toBe(canonicalJson(bundleOf(UNALIASED)));
    expect(oversized.reads).toEqual([INDEX_KEY, keysOf(UNALIASED).packed, keysOf(UNALIASED).published]);
    const failing = coldStore([keysOf(DTPR).packed]);
    expect(canonicalJson(await failing.load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    expect(failing.reads).toEqual([INDEX_KEY, keysOf(DTPR).packed, keysOf(DTPR).published]);
    expect(failing.store.catalogue!().problems!()).toEqual([]);
  });

  it('is read ahead from its packed object when an alias names it, and the call that needs it reads nothing more', async () => {
    const targets = BUCKET_IDS.filter((id) => Object.values(ALL.aliases).includes(id));
    expect(targets.length).toBeGreaterThan(0);
    const { store, reads } = coldStore();
    await store.refresh!();
    expect(reads[0]).toBe(INDEX_KEY);
    expect(new Set(reads.slice(1))).toEqual(new Set(targets.map((id) => keysOf(id).packed)));
    const before = reads.length;
    for (const id of targets) {
      await store.load!(id);
      expect(canonicalJson(store.release(id)!.bundle), id).toBe(canonicalJson(bundleOf(id)));
    }
    expect(reads).toHaveLength(before);
  });
});

describe('a bucket published before packed objects', () => {
  beforeEach(async () => {
    await area.clear();
    await area.publish(BUCKET_IDS.map((id) => BUNDLES[id]!));
  });

  it('has its releases read from their published objects, with no read of a packed one', async () => {
    const { reads, load } = coldStore();
    expect(canonicalJson(await load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).published]);
  });

  it('has a packed object that the index records no hash for left unread', async () => {
    await area.put(keysOf(DTPR).packed, packRelease(bundleOf(DTPR), { elementsLine: true }));
    const { reads, load } = coldStore();
    await load(DTPR);
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).published]);
  });
});

describe('a bucket release whose packed object is of the form before decision 067 (its elements in the release line)', () => {
  /** The bucket as publish left it between decisions 065 and 067: the `.packed` object alone, its hash recorded. */
  const asBefore = async (id: string, also = false) => {
    const legacy = packRelease(bundleOf(id));
    await area.put(keysOf(id).legacy, legacy);
    const hash = await objectHashOf(legacy);
    await editObjects((objects) => {
      objects[keysOf(id).legacy] = hash;
      if (!also) delete objects[keysOf(id).packed];
    });
  };

  beforeEach(publishedWithPackedObjects);

  it('is read from that object alone where the index records its hash and none for the newer form, and is the release field for field', async () => {
    await asBefore(DTPR);
    const { reads, load } = coldStore();
    const bundle = await load(DTPR);
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).legacy]);
    expect(
      Array.isArray(JSON.parse((await (await area.reader.get(keysOf(DTPR).legacy))!.text()).split('\n')[0]!).elements),
    ).toBe(true);
    expect(canonicalJson(bundle)).toBe(canonicalJson(bundleOf(DTPR)));
  });

  it('is passed over for the published object where its bytes are not those the index records', async () => {
    await asBefore(DTPR);
    await area.put(keysOf(DTPR).legacy, packRelease({ ...bundleOf(DTPR), elements: [] }));
    const { reads, load } = coldStore();
    expect(canonicalJson(await load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).legacy, keysOf(DTPR).published]);
  });

  it('is left unread where the index records no hash for it', async () => {
    await area.put(keysOf(DTPR).legacy, packRelease(bundleOf(DTPR)));
    const { reads, load } = coldStore();
    expect(canonicalJson(await load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).packed]);
  });

  it('is passed over for the newer form where the index records both', async () => {
    await asBefore(DTPR, true);
    const { reads, load } = coldStore();
    expect(canonicalJson(await load(DTPR))).toBe(canonicalJson(bundleOf(DTPR)));
    expect(reads).toEqual([INDEX_KEY, keysOf(DTPR).packed]);
  });
});
