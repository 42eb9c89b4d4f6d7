import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, filesReader, INDEX_KEY } from '../../src/store/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX as ALL_INDEX } from '../../src/store/generated/bundles.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { CataloguePending } from '../../src/store/loading.js';
import { resolveVersion } from '../../src/store/store.js';
import { bucketArea } from '../helpers/bucket.js';
import { modernMessage } from '../helpers/modern.js';
import { packedFiles } from '../helpers/packed-files.js';
import { computeLikeCli } from '../helpers/rehash.js';

/**
 * A first request waits only for what it needs (decision 048). The deployment ships a stable release
 * and a beta (packed files, as deployed); the bucket holds every other release and a newer stable
 * one, so `ai@latest` names a release only the bucket has. The bucket's index read is held open
 * until the test lets it go: a request that answers while it is held did not wait for it.
 */
const area = bucketArea('first-reads');
const ALL = JSON.parse(ALL_INDEX) as VersionIndex;
const STABLE = ALL.aliases['ai@latest']!;
const BETA = ALL.versions.find((v) => v.status === 'beta' && v.id.startsWith('ai@'))!.id;
const SHIPPED = [STABLE, BETA];
const OTHERS = ALL.versions.map((v) => v.id).filter((id) => !SHIPPED.includes(id));
const NEWER = 'ai@2027-01-01';
const EMBEDDED_INDEX = JSON.stringify(
  indexOf(ALL.versions.filter((v) => SHIPPED.includes(v.id)).map(({ aliases: _, ...entry }) => entry)),
);
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A store over the bucket, with room for one bucket release in its kept set. */
const keepingOne = () =>
  createLayeredStore({
    embedded: createEmbeddedStore({}, EMBEDDED_INDEX, filesReader(packedFiles())),
    bucket: area.reader,
    keep: 1,
    report: () => {},
  });

function storeOver(options: { files?: BucketReader } = {}) {
  const fileReads: string[] = [];
  const real = options.files ?? filesReader(packedFiles());
  const files: BucketReader = {
    get: (key) => {
      fileReads.push(key);
      return real.get(key);
    },
  };
  let open!: () => void;
  const indexHeld = new Promise<void>((resolve) => (open = resolve));
  let indexReads = 0;
  const bucket: BucketReader = {
    get: async (key) => {
      if (key === INDEX_KEY) {
        indexReads++;
        await indexHeld;
      }
      return area.reader.get(key);
    },
  };
  const reported: unknown[] = [];
  const store = createLayeredStore({
    embedded: createEmbeddedStore({}, EMBEDDED_INDEX, files),
    bucket,
    report: (error) => reported.push(error),
  });
  return { store, fileReads, open, reported, indexReads: () => indexReads };
}

/** Lets the runtime run what is ready (a read in memory resolves after a few turns). */
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Sends a request to a fresh app over `store`; `answered()` says whether its answer has come. */
function send(store: ReturnType<typeof storeOver>['store'], path: string, init: Init = {}) {
  const app = createApp({ store: () => store });
  const ctx = createExecutionContext();
  let done = false;
  const headers = { ...JSON_HEADERS, ...init.headers };
  const answer = Promise.resolve(
    app.fetch(new Request(`http://localhost${path}`, { ...init, headers }), env, ctx),
  ).then((res) => {
    done = true;
    return res;
  });
  return { answer, answered: () => done, background: () => waitOnExecutionContext(ctx) };
}

type Init = { method?: string; body?: string; headers?: Record<string, string> };
/** What an answer must hold: its JSON body checked, as a JSON-RPC result or a REST envelope. */
type Check = (body: any) => void;

const rpc = (method: string, params: unknown = {}): Init => ({
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});
const call = (name: string, args: Record<string, unknown>) => rpc('tools/call', { name, arguments: args });
const modern = (method: string, params: Record<string, unknown> = {}): Init => {
  const message = modernMessage(method, params);
  return { method: 'POST', body: JSON.stringify(message.body), headers: message.headers };
};

const toolOk: Check = (body) => expect(body.result.structuredContent.ok, JSON.stringify(body).slice(0, 300)).toBe(true);
const restOk: Check = (body) => expect(body.ok, JSON.stringify(body).slice(0, 300)).toBe(true);
/** A result whose icons (in the 2025 identity, the tools, or the 2026-07-28 `_meta`) name the shipped stable release. */
const shippedIcons =
  (pick: (result: any) => string): Check =>
  (body) =>
    expect(pick(body.result)).toContain(`/schemas/${STABLE}/`);
const modernIdentity = (result: any) => result._meta['io.modelcontextprotocol/serverInfo'].icons[0].src;

/** Lets the runtime run until `done()` holds or `n` turns have passed (an answer that waits for a held read never comes). */
const until = async (done: () => boolean, n = 200) => {
  for (let i = 0; i < n && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('a first request waits only for the reads it needs', () => {
  beforeAll(() => {
    expect(ALL.versions.find((v) => v.id === STABLE)?.status).toBe('stable');
    expect(OTHERS.length).toBeGreaterThan(0);
  });
  beforeEach(async () => {
    await area.clear();
    const newer = await computeLikeCli(
      (({ manifest, ...rest }) => ({ ...rest, manifest: { ...manifest, version: NEWER } }))(
        JSON.parse(BUNDLES[STABLE]!) as Bundle,
      ),
    );
    await area.publish([...OTHERS.map((id) => BUNDLES[id]!), JSON.stringify(newer)]);
  });
  afterAll(area.clear);

  const unneeded: Array<[string, string, Init, Check]> = [
    ['/healthz', '/healthz', {}, (body) => expect(body.ok).toBe(true)],
    [
      'get_element on the shipped stable release',
      '/mcp',
      call('get_element', { version: STABLE, element_id: 'institution' }),
      toolOk,
    ],
    [
      'the same, named with %40',
      '/mcp',
      call('get_element', { version: STABLE.replace('@', '%40'), element_id: 'institution' }),
      toolOk,
    ],
    [
      'initialize (its icons)',
      '/mcp',
      rpc('initialize', { protocolVersion: '2025-11-25' }),
      shippedIcons((r) => r.serverInfo.icons[0].src),
    ],
    ['tools/list (its icons)', '/mcp', rpc('tools/list'), shippedIcons((r) => r.tools[0].icons[0].src)],
    [
      'a malformed version (refused without the catalogue)',
      '/mcp',
      call('get_element', { version: 'ai@2026-13-45', element_id: 'institution' }),
      (body) => expect(body.result.structuredContent.errors[0].path).toBe('version'),
    ],
    [
      '2026-07-28 server/discover (the identity in _meta)',
      '/mcp',
      modern('server/discover'),
      shippedIcons(modernIdentity),
    ],
    [
      '2026-07-28 get_element on the shipped stable release',
      '/mcp',
      modern('tools/call', { name: 'get_element', arguments: { version: STABLE, element_id: 'institution' } }),
      (body) => {
        toolOk(body);
        shippedIcons(modernIdentity)(body);
      },
    ],
    [
      '2026-07-28 resources/read of the shipped stable release (its cache hints)',
      '/mcp',
      modern('resources/read', { uri: `dtpr://schemas/${STABLE}/categories` }),
      (body) => {
        expect(body.result.contents[0].mimeType).toBe('application/json');
        expect(body.result.ttlMs).toBeGreaterThan(0);
      },
    ],
    ['REST: elements of the shipped stable release', `/api/v2/schemas/${STABLE}/elements?limit=2`, {}, restOk],
  ];
  for (const [what, path, init, check] of unneeded) {
    it(`answers before the index read ends: ${what}`, async () => {
      const { store, open, indexReads } = storeOver();
      const sent = send(store, path, init);
      await until(sent.answered);
      // Fails here, not by a timeout, if the answer waits for the index.
      expect(sent.answered()).toBe(true);
      const res = await sent.answer;
      expect(res.status).toBe(200);
      check(await res.json());
      expect(store.provisional!()).toBe(true);
      // The index read was handed to the background, and runs once the answer is made.
      await until(() => indexReads() > 0);
      expect(indexReads()).toBe(1);
      open();
      await sent.background();
      expect(store.provisional!()).toBe(false);
      expect(store.index().aliases['ai@latest']).toBe(NEWER);
    });
  }

  const needed: Array<[string, string, Init, Check]> = [
    ['list_schema_versions', '/mcp', call('list_schema_versions', {}), toolOk],
    ['an alias', '/mcp', call('get_element', { version: 'ai@latest', element_id: 'institution' }), toolOk],
    [
      'a shipped beta (the bucket may have replaced it)',
      '/mcp',
      call('get_element', { version: BETA, element_id: 'institution' }),
      toolOk,
    ],
    [
      'a release only the bucket has',
      '/mcp',
      call('get_element', { version: OTHERS[0], element_id: 'institution' }),
      toolOk,
    ],
    [
      'the translation status of the shipped stable release',
      '/mcp',
      call('get_translation_status', { version: STABLE }),
      toolOk,
    ],
    ['REST: the catalogue', '/api/v2/schemas', {}, restOk],
  ];
  for (const [what, path, init, check] of needed) {
    it(`waits for its own read of the index: ${what}`, async () => {
      const { store, open } = storeOver();
      const sent = send(store, path, init);
      await until(sent.answered);
      expect(sent.answered()).toBe(false);
      open();
      const res = await sent.answer;
      expect(res.status).toBe(200);
      check(await res.json());
      expect(store.provisional!()).toBe(false);
      await sent.background();
    });
  }

  it('a shipped beta named by its id is read beside the index', async () => {
    const { store, fileReads, open } = storeOver();
    const sent = send(store, '/mcp', call('get_element', { version: BETA, element_id: 'institution' }));
    await until(() => fileReads.length > 0);
    expect(sent.answered()).toBe(false);
    expect(fileReads).toEqual([expect.stringContaining(`releases/${BETA}/`)]);
    open();
    toolOk(await (await sent.answer).json());
    await sent.background();
  });

  it('a cached REST answer keeps its cache policy after its release was dropped from the kept set', async () => {
    const store = keepingOne();
    const path = `/api/v2/schemas/${OTHERS[0]}/elements/institution`;
    const first = send(store, path);
    expect((await first.answer).status).toBe(200);
    await first.background();
    // With room for one, reading another bucket release drops OTHERS[0].
    const other = send(store, `/api/v2/schemas/${OTHERS[1]}/elements/institution`);
    await other.answer;
    await other.background();
    expect(store.peek!(OTHERS[0]!)).toBeUndefined();
    const again = await send(store, path).answer;
    expect(again.status, await again.clone().text()).toBe(200);
    expect(again.headers.get('cache-control')).toBe((await first.answer).headers.get('cache-control'));
  });

  it('an unknown version is answered with the whole catalogue in its error', async () => {
    const { store, open } = storeOver();
    const sent = send(store, '/mcp', call('get_element', { version: 'ai@2099-01-01', element_id: 'institution' }));
    await until(sent.answered);
    expect(sent.answered()).toBe(false);
    open();
    const body = (await (await sent.answer).json()) as any;
    expect(body.result.structuredContent.errors[0].code).toBe('unknown_version');
    expect(JSON.stringify(body.result.structuredContent.errors[0])).toContain(NEWER);
    await sent.background();
  });

  it('the icons are those of the shipped stable release, on the first request and after the index names a newer one', async () => {
    const { store, open } = storeOver();
    const icon = async () => {
      const sent = send(store, '/mcp', rpc('initialize', { protocolVersion: '2025-11-25' }));
      await until(sent.answered);
      expect(sent.answered()).toBe(true);
      const body = (await (await sent.answer).json()) as any;
      return { src: body.result.serverInfo.icons[0].src as string, sent };
    };
    const first = await icon();
    expect(first.src).toContain(`/schemas/${STABLE}/`);
    open();
    await first.sent.background();
    expect(store.index().aliases['ai@latest']).toBe(NEWER);
    const later = await icon();
    expect(later.src).toBe(first.src);
    await later.sent.background();
  });

  it("with the shipped stable release unreadable, the icons are the whole catalogue's ai@latest, not a shipped beta", async () => {
    const real = filesReader(packedFiles());
    const { store, open } = storeOver({
      files: { get: (key) => (key.startsWith(`releases/${STABLE}/`) ? Promise.resolve(null) : real.get(key)) },
    });
    const sent = send(store, '/mcp', rpc('initialize', { protocolVersion: '2025-11-25' }));
    open();
    const body = (await (await sent.answer).json()) as any;
    expect(body.result.serverInfo.icons[0].src).toContain(`/schemas/${NEWER}/`);
    await sent.background();
  });

  it('settle reads the embedded release an alias names beside the index, and no other', async () => {
    const { store, fileReads, open } = storeOver();
    let settled = false;
    const settling = store.settle!(['ai@latest-beta']).then(() => (settled = true));
    await turns();
    expect(settled).toBe(false);
    expect(fileReads).toEqual([expect.stringContaining(`releases/${BETA}/`)]);
    open();
    await settling;
    expect(store.peek!(BETA)?.id).toBe(BETA);
    expect(fileReads).toHaveLength(1);
    // Settled: nothing more to read for it.
    await store.settle!(['ai@latest-beta']);
    expect(fileReads).toHaveLength(1);
  });

  it('a failed read beside the index is reported and leaves the release to the seam', async () => {
    const { store, open, reported } = storeOver({ files: { get: async () => null } });
    open();
    await store.settle!([STABLE]);
    expect(String(reported[0])).toContain(STABLE);
    expect(store.peek!(STABLE)).toBeUndefined();
    expect(() => store.release(STABLE)).toThrow(/not loaded yet/);
  });

  it('while provisional: the catalogue, aliases and unshipped releases are pending; the shipped stable release is served', async () => {
    const { store, open } = storeOver();
    expect(store.provisional!()).toBe(true);
    expect(() => store.index()).toThrow(CataloguePending);
    expect(() => resolveVersion(store, 'ai@latest')).toThrow(CataloguePending);
    expect(() => store.release(BETA)).toThrow(CataloguePending);
    expect(() => store.release(OTHERS[0]!)).toThrow(CataloguePending);
    expect(store.peek!(OTHERS[0]!)).toBeUndefined();
    expect(store.warnings!(STABLE, STABLE)).toEqual([]);
    // The shipped stable release is read from its file (the seam), then served.
    expect(() => store.release(STABLE)).toThrow(/not loaded yet/);
    await store.load!(STABLE);
    expect(resolveVersion(store, STABLE).value?.id).toBe(STABLE);
    expect(store.shipped!().aliases['ai@latest']).toBe(STABLE);
    const provisional = store.generation!();
    open();
    await store.settle!();
    expect(store.generation!()).not.toBe(provisional);
    expect(store.generation!()).toBe(store.index());
  });

  it('a resolved version does not keep a release the store dropped from its kept set alive', async () => {
    const store = keepingOne();
    await store.settle!();
    await store.load!(OTHERS[0]!);
    expect(resolveVersion(store, OTHERS[0]!).value?.id).toBe(OTHERS[0]);
    // With room for one, reading another bucket release drops OTHERS[0]: naming it again reads it again.
    await store.load!(OTHERS[1]!);
    expect(() => resolveVersion(store, OTHERS[0]!)).toThrow(/not loaded yet/);
    await store.load!(OTHERS[0]!);
    expect(resolveVersion(store, OTHERS[0]!).value).toBe(store.peek!(OTHERS[0]!));
  });

  it('past the bytes it may keep, the store keeps the three bucket releases used last; under them, every one read (decision 064)', async () => {
    const read = OTHERS.slice(0, 4);
    expect(read).toHaveLength(4);
    const held = async (keepBytes?: number) => {
      const store = createLayeredStore({
        embedded: createEmbeddedStore({}, EMBEDDED_INDEX, filesReader(packedFiles())),
        bucket: area.reader,
        keepBytes,
        report: () => {},
      });
      await store.settle!();
      for (const id of read) await store.load!(id);
      return read.map((id) => store.peek!(id)?.id);
    };
    // One byte: every release is past it, so only the floor's three, the most recently read, stay.
    expect(await held(1)).toEqual([undefined, ...read.slice(1)]);
    // The default holds every bucket release published today.
    expect(await held()).toEqual(read);
  });

  it('a failed index read settles the catalogue as the embedded set, and says so to alias calls', async () => {
    const store = createLayeredStore({
      embedded: createEmbeddedStore({}, EMBEDDED_INDEX, filesReader(packedFiles())),
      bucket: { get: async () => Promise.reject(new Error('bucket down')) },
      report: () => {},
    });
    const app = createApp({ store: () => store });
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://localhost/mcp', {
        ...call('get_element', { version: 'ai@latest', element_id: 'institution' }),
        headers: JSON_HEADERS,
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const body = (await res.json()) as any;
    expect(body.result.structuredContent).toMatchObject({ ok: true, meta: { version: STABLE } });
    expect(body.result.structuredContent.meta.warnings.join(' ')).toMatch(/index cannot be read/);
    expect(store.provisional!()).toBe(false);
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
      embedded: createEmbeddedStore({}, EMBEDDED_INDEX, missing),
      bucket: area.reader,
      report: () => {},
    });
    const handed: Array<() => Promise<unknown>> = [];
    const request = async () => {
      await store.refresh!((work) => void handed.push(work));
      while (handed.length) await handed.shift()!();
    };
    await request();
    // A call names it: its read fails through the seam.
    await expect(store.load!(STABLE)).rejects.toThrow(/missing/);
    const after = reads.length;
    // The next request settles the catalogue without it; later ones hand over nothing and read nothing.
    await request();
    expect(store.refresh!(() => expect.unreachable('no background work is due'))).toBeUndefined();
    expect(reads.length).toBe(after);
  });
});
