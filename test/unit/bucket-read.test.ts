import { describe, expect, it } from 'vitest';
import { StorageFailure } from '../../src/core/storage.js';
import {
  type BucketReader,
  INDEX_KEY,
  MAX_RELEASE_BYTES,
  readBucketBundle,
  readBucketIndex,
} from '../../src/store/bucket.js';

/** A reader of one object of `size` bytes whose body must never be read; counts heads, gets and cancelled bodies. */
function oversized(size: number) {
  const seen = { heads: 0, gets: 0, cancelled: 0 };
  const reader: BucketReader = {
    async head() {
      seen.heads++;
      return { size };
    },
    async get() {
      seen.gets++;
      return {
        size,
        body: new ReadableStream({ cancel: () => void seen.cancelled++ }),
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
  it('a release over the largest a release may be is refused by its head: a StorageFailure naming it, never fetched', async () => {
    const { reader, seen } = oversized(MAX_RELEASE_BYTES + 1);
    const error = await readBucketBundle(reader, ENTRY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFailure);
    expect((error as StorageFailure).release).toBe('ai@2026-08-12');
    expect((error as Error).message).toContain(`${MAX_RELEASE_BYTES + 1} bytes`);
    expect(seen).toEqual({ heads: 1, gets: 0, cancelled: 0 });
  });

  it('without a head, a release over its limit is refused by the size its get reports, its body cancelled unread', async () => {
    const { reader, seen } = oversized(MAX_RELEASE_BYTES + 1);
    const { head: _, ...getOnly } = reader;
    await expect(readBucketBundle(getOnly, ENTRY)).rejects.toBeInstanceOf(StorageFailure);
    expect(seen).toEqual({ heads: 0, gets: 1, cancelled: 1 });
  });

  it('the index is one get (read on every first request and refresh): over its limit, its body is cancelled unread', async () => {
    const { reader, seen } = oversized(1024 * 1024 + 1);
    await expect(readBucketIndex(reader)).rejects.toThrow(`${INDEX_KEY} holds 1048577 bytes`);
    expect(seen).toEqual({ heads: 0, gets: 1, cancelled: 1 });
  });

  it('a failed get is a StorageFailure, not a fault', async () => {
    const reader: BucketReader = { get: () => Promise.reject(new Error('network')) };
    await expect(readBucketIndex(reader)).rejects.toThrow(/reading index.json failed: Error: network/);
  });
});
