import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, INDEX_KEY, releaseKey } from '../../src/store/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { resolveVersion } from '../../src/store/store.js';
import { rpcToApp } from '../helpers/http.js';

/**
 * Reads of one isolate's requests that overlap or fail in the middle of others, over an in-memory
 * bucket whose reads a test can hold or fail: the embedded set is the oldest release alone, the
 * bucket holds the others. No read undoes what a later one found, and no fault loses a release.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const EMBEDDED_ID = ALL.versions[0]!.id;
const BUCKET_IDS = ALL.versions.slice(1).map((v) => v.id);
const LATEST = ALL.aliases['ai@latest']!;
const BETA = ALL.aliases['ai@latest-beta']!;
const WITHOUT_BETA = BUCKET_IDS.filter((id) => id !== BETA);
const keyOf = (id: string) => releaseKey(id, (JSON.parse(BUNDLES[id]!) as Bundle).manifest.content_hash);
const indexTextOf = (ids: readonly string[]) =>
  JSON.stringify(
    indexOf(
      ids.map((id) => {
        const { aliases: _, ...entry } = ALL.versions.find((v) => v.id === id)!;
        return entry;
      }),
    ),
  );

/** The objects of `ids` and their index, by key. */
function published(ids: readonly string[]): Map<string, string> {
  const objects = new Map(ids.map((id) => [keyOf(id), BUNDLES[id]!]));
  objects.set(INDEX_KEY, indexTextOf(ids));
  return objects;
}

/**
 * A bucket over `objects` (read when a get starts); `hook(key, n)`, for the nth read of a key, may
 * hold the read (a promise) or fail it (a throw).
 */
function memoryBucket(objects: Map<string, string>, hook?: (key: string, n: number) => Promise<void> | void) {
  const reads = new Map<string, number>();
  const reader: BucketReader = {
    get: async (key) => {
      const n = (reads.get(key) ?? 0) + 1;
      reads.set(key, n);
      const text = objects.get(key);
      await hook?.(key, n);
      return text === undefined ? null : { text: async () => text };
    },
  };
  return { reader, reads };
}

function storeOver(reader: BucketReader, now: () => number) {
  const { aliases: _, ...entry } = ALL.versions[0]!;
  const embedded = createEmbeddedStore({ [EMBEDDED_ID]: BUNDLES[EMBEDDED_ID]! }, JSON.stringify(indexOf([entry])));
  return createLayeredStore({ embedded, bucket: reader, now, report: () => {} });
}

const gate = () => {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
};
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const failure = (e: unknown) => e;

/** The background work a request's frame would hand over (its `waitUntil`), run to its end when there is some. */
async function backgroundOf(store: ReturnType<typeof storeOver>): Promise<(() => Promise<unknown>) | undefined> {
  let work: (() => Promise<unknown>) | undefined;
  store.refresh!((w) => void (work = w));
  return work;
}

describe('overlapping reads of one isolate', () => {
  it('a background refresh whose read never answers stops the refreshes after it for one index lifetime at most', async () => {
    const objects = published(WITHOUT_BETA);
    const { reader, reads } = memoryBucket(objects, (key, n) =>
      key === INDEX_KEY && n === 2 ? new Promise<void>(() => {}) : undefined,
    );
    let clock = 0;
    const store = storeOver(reader, () => clock);
    await (await backgroundOf(store))!();
    clock += 61_000;
    void (await backgroundOf(store))!();
    await turns();
    expect(reads.get(INDEX_KEY)).toBe(2);
    objects.set(keyOf(BETA), BUNDLES[BETA]!);
    objects.set(INDEX_KEY, indexTextOf(BUCKET_IDS));
    // Within the claim's lifetime, the hung refresh is still the isolate's one.
    clock += 30_000;
    await (await backgroundOf(store))?.();
    expect(reads.get(INDEX_KEY)).toBe(2);
    clock += 31_000;
    await (await backgroundOf(store))?.();
    expect(reads.get(INDEX_KEY)).toBe(3);
    expect(store.index().aliases['ai@latest-beta']).toBe(BETA);
  });

  it('a background refresh in its read-ahead pause is never joined by a second, even with an index lifetime under the pause', async () => {
    const { reader, reads } = memoryBucket(published(BUCKET_IDS));
    let clock = 0;
    const pause = gate();
    const { aliases: _, ...entry } = ALL.versions[0]!;
    const embedded = createEmbeddedStore({ [EMBEDDED_ID]: BUNDLES[EMBEDDED_ID]! }, JSON.stringify(indexOf([entry])));
    const store = createLayeredStore({
      embedded,
      bucket: reader,
      now: () => clock,
      report: () => {},
      indexTtlMs: 1_000,
      readAheadPauseMs: 1_000,
      wait: () => pause.closed,
    });
    const first = (await backgroundOf(store))!();
    await turns();
    expect(reads.get(INDEX_KEY)).toBe(1);
    clock += 1_000;
    const second = (await backgroundOf(store))?.();
    await turns();
    expect(reads.get(INDEX_KEY)).toBe(1);
    pause.open();
    await Promise.all([first, second]);
    // Each alias target's object was read once.
    expect(reads.get(keyOf(LATEST))).toBe(1);
  });

  it('a read that fails after another read of the same release succeeded leaves the release served and its alias on it', async () => {
    const first = gate();
    const second = gate();
    const { reader } = memoryBucket(published(BUCKET_IDS), async (key, n) => {
      if (key !== keyOf(LATEST)) return;
      if (n === 1) await first.closed;
      if (n === 2) {
        await second.closed;
        throw new Error('the bucket did not answer');
      }
    });
    const store = storeOver(reader, () => 0);
    await store.settle!();
    // Two requests name ai@latest at once; each reads it itself (no request awaits another's read).
    const a = store.load!(LATEST);
    const b = store.load!(LATEST).then(() => 'served', failure);
    await turns();
    first.open();
    await a;
    second.open();
    expect(await b).toBe('served');
    expect(store.release(LATEST)?.id).toBe(LATEST);
    expect(store.catalogue!().problems!()).toEqual([]);
    expect(resolveVersion(store, 'ai@latest').value?.id).toBe(LATEST);
  });

  it('an index read that answers after a later read was adopted is dropped', async () => {
    const objects = published(BUCKET_IDS);
    objects.set(INDEX_KEY, indexTextOf(WITHOUT_BETA));
    const g1 = gate();
    const g2 = gate();
    const { reader } = memoryBucket(objects, async (key, n) => {
      if (key === INDEX_KEY) await (n === 1 ? g1.closed : g2.closed);
    });
    const store = storeOver(reader, () => 0);
    // Two first calls of an isolate each read the index (decision 048); publish switches it between them.
    const older = store.settle!();
    await turns();
    objects.set(INDEX_KEY, indexTextOf(BUCKET_IDS));
    const newer = store.settle!();
    await turns();
    g2.open();
    await newer;
    expect(store.index().aliases['ai@latest-beta']).toBe(BETA);
    g1.open();
    await older;
    expect(store.index().aliases['ai@latest-beta']).toBe(BETA);
  });
});

describe('faults that lose no release', () => {
  it('an index found missing after one was read keeps the last index and the releases it lists', async () => {
    const objects = published(BUCKET_IDS);
    let clock = 0;
    const { reader, reads } = memoryBucket(objects);
    const store = storeOver(reader, () => clock);
    await store.settle!();
    await store.load!(LATEST);
    objects.delete(INDEX_KEY);
    clock += 61_000;
    await store.refresh!();
    expect(reads.get(INDEX_KEY)).toBe(2);
    expect(store.index().versions.map((v) => v.id)).toEqual(ALL.versions.map((v) => v.id));
    expect(store.release(LATEST)?.id).toBe(LATEST);
    expect(store.catalogue!().problems!()).toEqual([]);
    // The missing index is read again a few seconds later, not an index lifetime later.
    objects.set(INDEX_KEY, indexTextOf(BUCKET_IDS));
    clock += 5_000;
    await store.refresh!();
    expect(reads.get(INDEX_KEY)).toBe(3);
  });

  it('a release the bucket did not answer for is read again after a few seconds; a damaged copy after its longer back-off', async () => {
    const objects = published(BUCKET_IDS);
    let failing = true;
    const { reader, reads } = memoryBucket(objects, (key) => {
      if (key === keyOf(LATEST) && failing) throw new Error('the bucket did not answer');
    });
    let clock = 0;
    const store = storeOver(reader, () => clock);
    await store.settle!();
    expect(await store.load!(LATEST).then(() => 'served', failure)).toMatchObject({ release: undefined });
    failing = false;
    clock += 4_999;
    await store.load!(LATEST).catch(failure);
    expect(reads.get(keyOf(LATEST))).toBe(1);
    clock += 1;
    await store.load!(LATEST);
    expect(reads.get(keyOf(LATEST))).toBe(2);
    expect(store.release(LATEST)?.id).toBe(LATEST);

    // A copy that does not match its hash is damaged: not read again for the damage back-off.
    const beta = keyOf(BETA);
    objects.set(beta, objects.get(beta)!.replace('"ai@', '"ai@ '));
    expect(await store.load!(BETA).then(() => 'served', failure)).toMatchObject({ release: BETA });
    clock += 5_000;
    await store.load!(BETA).catch(failure);
    expect(reads.get(beta)).toBe(1);
  });

  it('while no index could be read, a release only the bucket holds is a retryable upstream_error, not an unknown version', async () => {
    let failing = true;
    let clock = 0;
    const { reader } = memoryBucket(published(BUCKET_IDS), (key) => {
      if (key === INDEX_KEY && failing) throw new Error('the bucket did not answer');
    });
    const store = storeOver(reader, () => clock);
    const app = createApp({ store: () => store });
    const call = async () =>
      (
        await rpcToApp(app, 'tools/call', {
          name: 'get_element',
          arguments: { version: LATEST, element_id: 'institution' },
        })
      ).result.structuredContent;
    expect((await call()).errors).toEqual([
      expect.objectContaining({
        code: 'upstream_error',
        retryable: true,
        fix_hint: expect.stringMatching(/^Retry in a few seconds/),
      }),
    ]);
    const rest = await app.request(`/api/v2/schemas/${LATEST}/elements/institution`, {}, env);
    expect(rest.status).toBe(502);
    expect(((await rest.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('upstream_error');
    // A release the embedded set holds still answers, and an unknown alias is still unknown.
    expect(resolveVersion(store, EMBEDDED_ID).value?.id).toBe(EMBEDDED_ID);
    expect(resolveVersion(store, 'ai@nonsense').error?.code).toBe('unknown_version');
    // The index is read again a few seconds later, and the release answers.
    failing = false;
    clock += 5_000;
    expect((await call()).ok).toBe(true);
  });
});
