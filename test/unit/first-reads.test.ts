import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ICON_ALIAS, type VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, filesReader, INDEX_KEY } from '../../src/store/bucket.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX as ALL_INDEX } from '../../src/store/generated/bundles.js';
import { VERSION_INDEX } from '../../src/store/generated/embedded.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { bucketArea } from '../helpers/bucket.js';
import { packedFiles } from '../helpers/packed-files.js';

/**
 * The first request of an isolate reads the embedded releases it names (an MCP request: the icons'
 * release) while it reads the bucket's index, not after: the embedded set as deployed (its packed
 * files), the bucket holding the other releases, the index read held open until the
 * test lets it go.
 */
const area = bucketArea('first-reads');
const EMBEDDED = JSON.parse(VERSION_INDEX) as VersionIndex;
const ICONS = EMBEDDED.aliases[ICON_ALIAS]!;
const others = (JSON.parse(ALL_INDEX) as VersionIndex).versions
  .map((v) => v.id)
  .filter((id) => !EMBEDDED.versions.some((v) => v.id === id));

function storeOver(withBucket: boolean) {
  const fileReads: string[] = [];
  const real = filesReader(packedFiles());
  const files: BucketReader = {
    get: (key) => {
      fileReads.push(key);
      return real.get(key);
    },
  };
  let open!: () => void;
  const indexHeld = new Promise<void>((resolve) => (open = resolve));
  const bucket: BucketReader = {
    get: async (key) => {
      if (key === INDEX_KEY) await indexHeld;
      return area.reader.get(key);
    },
  };
  const store = createLayeredStore({
    embedded: createEmbeddedStore({}, VERSION_INDEX, files),
    ...(withBucket ? { bucket } : {}),
    report: () => {},
  });
  return { store, fileReads, open };
}

/** Lets the runtime run what is ready (a file read starts after a few turns). */
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the first request reads the releases it names beside the index', () => {
  beforeEach(async () => {
    await area.clear();
    await area.publish(others.map((id) => BUNDLES[id]!));
  });
  afterAll(area.clear);

  it('starts reading the embedded ai@latest before the index read ends, and holds it when the request goes on', async () => {
    const { store, fileReads, open } = storeOver(true);
    const background: Array<() => Promise<unknown>> = [];
    let refreshed = false;
    const refreshing = store.refresh!((work) => void background.push(work), [ICON_ALIAS])!.then(
      () => (refreshed = true),
    );
    await turns();
    expect(refreshed).toBe(false);
    expect(fileReads).toEqual([expect.stringContaining(`releases/${ICONS}/`)]);
    open();
    await refreshing;
    expect(store.peek!(ICONS)?.id).toBe(ICONS);
    // The alias targets are still left to the background; nothing else was read on the way.
    expect(background).toHaveLength(1);
    expect(fileReads).toHaveLength(1);
    // The background reads no embedded release: those ship in memory and are read by the calls that name them.
    expect(Object.values(EMBEDDED.aliases).some((id) => id !== ICONS)).toBe(true);
    await background[0]!();
    expect(fileReads).toHaveLength(1);
  });

  it('reads nothing beside when there is no index to read (no bucket): a first request waits for nothing', async () => {
    const { store, fileReads } = storeOver(false);
    await store.refresh!(() => {}, [ICON_ALIAS]);
    expect(fileReads).toEqual([]);
    expect(store.peek!(ICONS)).toBeUndefined();
  });

  it('reads nothing beside for a request that names no release (/healthz): it waits for the index alone', async () => {
    const { store, fileReads, open } = storeOver(true);
    open();
    await store.refresh!(() => {}, []);
    expect(fileReads).toEqual([]);
    expect(store.peek!(ICONS)).toBeUndefined();
  });

  it('reads each named embedded release once, by id or alias, and nothing for a name the embedded set lacks', async () => {
    const { store, fileReads, open } = storeOver(true);
    open();
    await store.refresh!(() => {}, [ICON_ALIAS, ICONS, 'ai@2099-01-01', 'nonsense']);
    expect(fileReads).toEqual([expect.stringContaining(`releases/${ICONS}/`)]);
    expect(store.peek!(ICONS)?.id).toBe(ICONS);
  });

  it('through the app: a first MCP request reads the icons release beside the index, a REST request the release its path names, a preflight none', async () => {
    for (const [path, init, beside, status] of [
      ['/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) }, true, 200],
      ['/healthz', {}, false, 200],
      [`/api/v2/schemas/${ICONS}/elements?limit=1`, {}, true, 200],
      [`/api/v2/schemas/${ICONS.replace('@', '%40')}/categories`, {}, true, 200],
      // A release the embedded set does not hold is the bucket's to name: nothing is read beside.
      ['/api/v2/schemas/ai@2099-01-01/elements?limit=1', {}, false, 404],
      // A CORS preflight answers before any release is read.
      [`/api/v2/schemas/${ICONS}/elements`, { method: 'OPTIONS' }, false, 204],
    ] as const) {
      const { store, fileReads, open } = storeOver(true);
      const app = createApp({ store: () => store });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const ctx = createExecutionContext();
      const answering = app.fetch(new Request(`http://localhost${path}`, { ...init, headers }), env, ctx);
      await turns();
      expect(fileReads.length, path).toBe(beside ? 1 : 0);
      open();
      expect((await answering).status, path).toBe(status);
      // Its background work ends within the test.
      await waitOnExecutionContext(ctx);
    }
  });

  it('a failed read beside the index is reported and leaves the release to the seam', async () => {
    const reported: unknown[] = [];
    const failing: BucketReader = { get: async () => null };
    const store = createLayeredStore({
      embedded: createEmbeddedStore({}, VERSION_INDEX, failing),
      bucket: area.reader,
      report: (error) => reported.push(error),
    });
    await store.refresh!(() => {}, [ICON_ALIAS]);
    expect(String(reported[0])).toContain(ICONS);
    expect(store.peek!(ICONS)).toBeUndefined();
    expect(() => store.release(ICONS)).toThrow(/not loaded yet/);
  });

  it('an embedded release that cannot be read is not read again in the background by every later request', async () => {
    const reads: string[] = [];
    const missing: BucketReader = {
      get: async (key) => {
        reads.push(key);
        return null;
      },
    };
    const store = createLayeredStore({
      embedded: createEmbeddedStore({}, VERSION_INDEX, missing),
      bucket: area.reader,
      report: () => {},
    });
    const handed: Array<() => Promise<unknown>> = [];
    const request = async () => {
      await store.refresh!((work) => void handed.push(work), []);
      while (handed.length) await handed.shift()!();
    };
    await request();
    // A call names it: its read fails through the seam.
    await expect(store.load!(ICONS)).rejects.toThrow(/missing/);
    const after = reads.length;
    // The next request settles the catalogue without it; later ones hand over nothing and read nothing.
    await request();
    expect(store.refresh!(() => expect.unreachable('no background work is due'), [])).toBeUndefined();
    expect(reads.length).toBe(after);
  });
});
