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

/** Sends `request` to a fresh app over `store`; `answered()` says whether its answer has come. */
function send(store: ReturnType<typeof storeOver>['store'], path: string, init: RequestInit = {}) {
  const app = createApp({ store: () => store });
  const ctx = createExecutionContext();
  let done = false;
  const answer = Promise.resolve(
    app.fetch(new Request(`http://localhost${path}`, { ...init, headers: JSON_HEADERS }), env, ctx),
  ).then((res) => {
    done = true;
    return res;
  });
  return { answer, answered: () => done, background: () => waitOnExecutionContext(ctx) };
}

const rpc = (method: string, params: unknown = {}): RequestInit => ({
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});
const call = (name: string, args: Record<string, unknown>) => rpc('tools/call', { name, arguments: args });

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

  const unneeded: Array<[string, string, RequestInit?]> = [
    ['/healthz', '/healthz'],
    [
      'get_element on the shipped stable release',
      '/mcp',
      call('get_element', { version: STABLE, element_id: 'institution' }),
    ],
    [
      'the same, named with %40',
      '/mcp',
      call('get_element', { version: STABLE.replace('@', '%40'), element_id: 'institution' }),
    ],
    ['initialize (its icons)', '/mcp', rpc('initialize', { protocolVersion: '2025-11-25' })],
    ['tools/list (its icons)', '/mcp', rpc('tools/list')],
    [
      'a malformed version (refused without the catalogue)',
      '/mcp',
      call('get_element', { version: 'ai@2026-13-45', element_id: 'institution' }),
    ],
    ['REST: elements of the shipped stable release', `/api/v2/schemas/${STABLE}/elements?limit=2`],
  ];
  for (const [what, path, init] of unneeded) {
    it(`answers before the index read ends: ${what}`, async () => {
      const { store, open, indexReads } = storeOver();
      const sent = send(store, path, init);
      const res = await sent.answer;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(store.provisional!()).toBe(true);
      // The index read was handed to the background, and runs once the answer is made.
      await turns();
      expect(indexReads()).toBe(1);
      open();
      await sent.background();
      expect(store.provisional!()).toBe(false);
      expect(store.index().aliases['ai@latest']).toBe(NEWER);
    });
  }

  const needed: Array<[string, string, RequestInit?]> = [
    ['list_schema_versions', '/mcp', call('list_schema_versions', {})],
    ['an alias', '/mcp', call('get_element', { version: 'ai@latest', element_id: 'institution' })],
    [
      'a shipped beta (the bucket may have replaced it)',
      '/mcp',
      call('get_element', { version: BETA, element_id: 'institution' }),
    ],
    ['a release only the bucket has', '/mcp', call('get_element', { version: OTHERS[0], element_id: 'institution' })],
    [
      'the translation status of the shipped stable release',
      '/mcp',
      call('get_translation_status', { version: STABLE }),
    ],
    ['REST: the catalogue', '/api/v2/schemas'],
  ];
  for (const [what, path, init] of needed) {
    it(`waits for its own read of the index: ${what}`, async () => {
      const { store, open } = storeOver();
      const sent = send(store, path, init);
      await turns();
      expect(sent.answered()).toBe(false);
      open();
      const res = await sent.answer;
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.result?.structuredContent?.ok ?? body.ok, JSON.stringify(body).slice(0, 300)).toBe(true);
      expect(store.provisional!()).toBe(false);
      await sent.background();
    });
  }

  it('an unknown version is answered with the whole catalogue in its error', async () => {
    const { store, open } = storeOver();
    const sent = send(store, '/mcp', call('get_element', { version: 'ai@2099-01-01', element_id: 'institution' }));
    await turns();
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
      const body = (await (await sent.answer).json()) as any;
      await turns();
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
