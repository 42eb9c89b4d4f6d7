import { describe, expect, it } from 'vitest';
import { StorageFailure } from '../../src/core/storage.js';
import {
  type BucketReader,
  INDEX_KEY,
  MAX_RELEASE_BYTES,
  checkedBundle,
  contentHashOf,
  fetchBucketRelease,
  objectHashOf,
  readBucketIndex,
} from '../../src/store/bucket.js';
import { type Bundle, objectHashesOf } from '../../src/domain/bundle.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';

/** Reads one index entry's release and checks it, as the store does: the object, then `checkedBundle`. */
const readBucketBundle = async (
  bucket: BucketReader,
  entry: Parameters<typeof fetchBucketRelease>[1],
  objectHash?: string,
) => checkedBundle(await fetchBucketRelease(bucket, entry), entry, objectHash);

/**
 * A reader of one object of `size` bytes whose body must never be read; counts gets and cancelled
 * bodies. With `cancelFails`, cancelling the body rejects.
 */
function oversized(size: number, cancelFails = false) {
  const seen = { gets: 0, cancelled: 0 };
  const reader: BucketReader = {
    async get() {
      seen.gets++;
      return {
        size,
        body: new ReadableStream({
          cancel: () => {
            seen.cancelled++;
            if (cancelFails) throw new Error('the stream could not be cancelled');
          },
        }),
        text: () => Promise.reject(new Error('the body of an object over the limit was read')),
      };
    },
  };
  return { reader, seen };
}

const ENTRY = {
  id: 'ai@2026-08-12',
  status: 'stable' as const,
  created_at: '2026-08-12',
  content_hash: 'sha256-x',
  aliases: [],
};

describe('bucket reads: an object over its limit is never read', () => {
  it('a release over the largest a release may be is one get, refused by the size it reports: a StorageFailure naming it, its body cancelled unread', async () => {
    const { reader, seen } = oversized(MAX_RELEASE_BYTES + 1);
    const error = await readBucketBundle(reader, ENTRY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFailure);
    expect((error as StorageFailure).release).toBe('ai@2026-08-12');
    expect((error as Error).message).toContain(`${MAX_RELEASE_BYTES + 1} bytes`);
    expect(seen).toEqual({ gets: 1, cancelled: 1 });
  });

  it('a body that fails to cancel leaves the refusal as it is: the StorageFailure naming the release', async () => {
    const { reader, seen } = oversized(MAX_RELEASE_BYTES + 1, true);
    const error = await readBucketBundle(reader, ENTRY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFailure);
    expect((error as StorageFailure).release).toBe('ai@2026-08-12');
    expect(seen).toEqual({ gets: 1, cancelled: 1 });
  });

  it('a release is read with one request: no head before its get, even where the backend has one (R2 does)', async () => {
    const [id, text] = Object.entries(BUNDLES)[0]!;
    const entry = { ...ENTRY, id, content_hash: (JSON.parse(text) as Bundle).manifest.content_hash };
    const seen = { heads: 0, gets: 0 };
    const r2Like = {
      head: async () => {
        seen.heads++;
        return { size: text.length };
      },
      get: async () => {
        seen.gets++;
        return { size: text.length, text: async () => text };
      },
    };
    await expect(readBucketBundle(r2Like, entry)).resolves.toMatchObject({ manifest: { version: id } });
    expect(seen).toEqual({ heads: 0, gets: 1 });
  });

  it('the index is one get (read on every first request and refresh): over its limit, its body is cancelled unread', async () => {
    const { reader, seen } = oversized(1024 * 1024 + 1);
    await expect(readBucketIndex(reader)).rejects.toThrow(`${INDEX_KEY} holds 1048577 bytes`);
    expect(seen).toEqual({ gets: 1, cancelled: 1 });
  });

  it('a failed get is a StorageFailure, not a fault', async () => {
    const reader: BucketReader = { get: () => Promise.reject(new Error('network')) };
    await expect(readBucketIndex(reader)).rejects.toThrow(/reading index.json failed: Error: network/);
  });
});

describe("a release object's check", () => {
  const [id, text] = Object.entries(BUNDLES)[0]!;
  const bundle = JSON.parse(text) as Bundle;
  const entry = { ...ENTRY, id, content_hash: bundle.manifest.content_hash };
  // The same release with a content change its stamped hash does not cover.
  const changed = JSON.stringify({ ...bundle, manifest: { ...bundle.manifest, notes: 'changed after publishing' } });

  it('is the content hash when the index has no hash of the object, or another one', async () => {
    expect(await contentHashOf(bundle)).toBe(entry.content_hash);
    await expect(checkedBundle(text, entry)).resolves.toMatchObject({ manifest: { version: id } });
    await expect(checkedBundle(text, entry, 'sha256-another')).resolves.toMatchObject({
      manifest: { version: id },
    });
    await expect(checkedBundle(changed, entry)).rejects.toThrow('does not match its content hash');
    await expect(checkedBundle(changed, entry, await objectHashOf(text))).rejects.toThrow(
      'does not match its content hash',
    );
  });

  it("is the hash of the object's bytes when the index has it: the content hash is not recomputed", async () => {
    // Bytes the index vouches for are taken as the release publish checked, even these.
    await expect(checkedBundle(changed, entry, await objectHashOf(changed))).resolves.toMatchObject({
      manifest: { notes: 'changed after publishing' },
    });
    // Its id and stamped hash are still checked.
    const other = { ...entry, content_hash: 'sha256-other' };
    await expect(checkedBundle(text, other, await objectHashOf(text))).rejects.toThrow('holds another release');
  });
});

describe('a release object is read as bytes where the backend gives them (R2 does)', () => {
  const [id, text] = Object.entries(BUNDLES).find(([, t]) => /[^\x00-\x7f]/.test(t))!;
  const bundle = JSON.parse(text) as Bundle;
  const entry = { ...ENTRY, id, content_hash: bundle.manifest.content_hash };
  const bytes = new TextEncoder().encode(text);
  /** An R2-like reader of the release whose `text()` must not be called. */
  const r2Like: BucketReader = {
    get: async () => ({
      size: bytes.byteLength,
      arrayBuffer: async () => bytes.slice().buffer,
      text: () => Promise.reject(new Error('a release was read as text where its bytes were offered')),
    }),
  };

  it('its bytes hash as its text does, and are checked and parsed as its text is, by either check', async () => {
    expect(await objectHashOf(bytes)).toBe(await objectHashOf(text));
    const parsed = await readBucketBundle(r2Like, entry, await objectHashOf(text));
    expect(parsed).toEqual(bundle);
    // Without a recorded hash (or with another), the content hash is recomputed from the parsed release.
    await expect(readBucketBundle(r2Like, entry, 'sha256-another')).resolves.toEqual(bundle);
    await expect(readBucketBundle(r2Like, entry)).resolves.toEqual(bundle);
  });

  it('bytes that differ from what the index vouches for are checked by the content hash, and refused', async () => {
    const tampered = new TextEncoder().encode(
      JSON.stringify({ ...bundle, manifest: { ...bundle.manifest, notes: 'changed after publishing' } }),
    );
    await expect(checkedBundle(tampered, entry, await objectHashOf(bytes))).rejects.toThrow(
      'does not match its content hash',
    );
  });
});

describe("the index's hashes of its objects", () => {
  it('a value that is not a string is ignored, never making the index unreadable', async () => {
    const text = JSON.stringify({
      versions: [],
      aliases: {},
      objects: { 'releases/ai@2026-08-12/sha256-a.json': 'sha256-b', 'releases/ai@2026-08-12/sha256-c.json': 42 },
    });
    const { index } = await readBucketIndex({ get: async () => ({ text: async () => text }) });
    expect([...objectHashesOf(index)]).toEqual([['releases/ai@2026-08-12/sha256-a.json', 'sha256-b']]);
  });

  it('a field that is not a map is ignored too', async () => {
    for (const objects of [null, [], 'x', 7]) {
      const text = JSON.stringify({ versions: [], aliases: {}, objects });
      const { index } = await readBucketIndex({ get: async () => ({ text: async () => text }) });
      expect(objectHashesOf(index).size, JSON.stringify(objects)).toBe(0);
    }
  });
});
