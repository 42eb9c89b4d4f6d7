import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionEntry, VersionIndex } from '../../src/domain/bundle.js';
import { type BucketReader, INDEX_KEY, MAX_RELEASE_BYTES, objectHashOf, releaseKey } from '../../src/store/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { deploymentStore, READ_AHEAD_PAUSE_MS } from '../../src/store/deployment.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { TOOL_NAMES } from '../../src/tools/kernel/registry.js';
import { bucketArea } from '../helpers/bucket.js';
import { modernMessage } from '../helpers/modern.js';
import { countingLimiter } from '../helpers/rate.js';

/**
 * One unreadable release degrades that release, never the server: the embedded set is the oldest
 * release, the bucket holds the others, and the release `ai@latest` names is made unreadable in
 * each way a stored copy can be damaged.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const EMBEDDED_ID = ALL.versions[0]!.id;
const BUCKET_IDS = ALL.versions.slice(1).map((v) => v.id);
const LATEST = ALL.aliases['ai@latest']!;
const area = bucketArea('store-faults');
const HEALTHY = BUCKET_IDS.find((id) => id !== LATEST)!;
const latestKey = () => {
  const bundle = JSON.parse(BUNDLES[LATEST]!) as Bundle;
  return releaseKey(LATEST, bundle.manifest.content_hash);
};

/**
 * A fresh app over a cold layered store whose bucket reads are counted per key; the clock is the
 * test's. With `background`, requests run with an execution context as in a Worker (the store may
 * hand work to its `waitUntil`; `settle()` waits for it), and `hold(key)` keeps a read of that key
 * waiting until the promise it answers resolves.
 */
function coldApp(
  now: () => number,
  options: {
    background?: boolean;
    hold?: (key: string) => Promise<void> | undefined;
    bindings?: Partial<Env>;
    /** The store's pause before its read-ahead, and how it waits it out. */
    pause?: { ms: number; wait: (ms: number) => Promise<void> };
  } = {},
) {
  const bindings = { ...env, ...options.bindings };
  const reads = new Map<string, number>();
  const contexts: ExecutionContext[] = [];
  // Every read, of the index or of a release, is one get (decision 052).
  const counted: BucketReader = {
    get: async (key) => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      await options.hold?.(key);
      return area.reader.get(key);
    },
  };
  const { aliases: _, ...entry } = ALL.versions[0]!;
  const embedded = createEmbeddedStore({ [EMBEDDED_ID]: BUNDLES[EMBEDDED_ID]! }, JSON.stringify(indexOf([entry])));
  const store = createLayeredStore({
    embedded,
    bucket: counted,
    now,
    report: () => {},
    readAheadPauseMs: options.pause?.ms,
    wait: options.pause?.wait,
  });
  const app = createApp({ store: () => store });
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    };
    let res: Response;
    if (options.background) {
      const ctx = createExecutionContext();
      contexts.push(ctx);
      res = await app.fetch(new Request('http://localhost/mcp', init), bindings, ctx);
    } else res = await app.request('/mcp', init, bindings);
    return { status: res.status, json: (await res.json()) as any };
  };
  const legacy = (method: string, params: unknown = {}) => post({ jsonrpc: '2.0', id: 1, method, params });
  const modern = (method: string, params: Record<string, unknown> = {}) => {
    const message = modernMessage(method, params);
    return post(message.body, message.headers);
  };
  const getElement = (version: string) =>
    modern('tools/call', { name: 'get_element', arguments: { version, element_id: 'institution' } });
  const settle = () => Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));
  return { legacy, modern, getElement, reads, settle, store };
}

const DAMAGE: Array<[string, () => Promise<void>]> = [
  ['its object is missing', () => area.delete(latestKey())],
  ['its object is truncated JSON', async () => void (await area.put(latestKey(), BUNDLES[LATEST]!.slice(0, 5000)))],
  [
    'its object does not match its content hash',
    async () => {
      const tampered = JSON.parse(BUNDLES[LATEST]!) as Bundle;
      tampered.manifest.notes = 'changed after publishing';
      await area.put(latestKey(), JSON.stringify(tampered));
    },
  ],
  [
    'its object is over the size a release may have',
    async () => void (await area.put(latestKey(), 'x'.repeat(MAX_RELEASE_BYTES + 1))),
  ],
];

describe('one unreadable release', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await area.clear();
    await area.publish(BUCKET_IDS.map((id) => BUNDLES[id]!));
  });

  for (const [how, damage] of DAMAGE) {
    it(`${how}: clients connect in both eras, other releases answer, ai@latest skips it, it says retrying will not help`, async () => {
      await damage();
      let clock = 0;
      const app = coldApp(() => clock);
      const discover = await app.modern('server/discover');
      expect(discover.status).toBe(200);
      expect((await app.legacy('initialize', { protocolVersion: '2025-11-25' })).json.result.serverInfo.name).toBe(
        'dtpr-server',
      );
      for (const method of ['tools/list', 'prompts/list', 'resources/list'])
        expect((await app.legacy(method)).json.result, method).toBeDefined();
      const versions = await app.modern('tools/call', { name: 'list_schema_versions', arguments: {} });
      expect(versions.json.result.structuredContent.ok).toBe(true);
      expect((await app.getElement(HEALTHY)).json.result.structuredContent.ok).toBe(true);

      const broken = await app.getElement(LATEST);
      expect(broken.status).toBe(200);
      expect(broken.json.result.isError).toBe(true);
      expect(broken.json.result.structuredContent.errors[0]).toMatchObject({
        code: 'upstream_error',
        retryable: false,
      });
      expect(broken.json.result.structuredContent.errors[0].message).toContain(LATEST);

      // Read as a resource, the damage is the server's fault (-32000), not a bad URI (-32602 with the URI).
      const uri = `dtpr://schemas/${LATEST}/categories`;
      const read = (await app.legacy('resources/read', { uri })).json;
      expect(read.error).toMatchObject({ code: -32000, data: { code: 'upstream_error', retryable: false } });
      expect(read.error.data).not.toHaveProperty('uri');
      expect(read.error.message).toContain(uri);

      // The alias names the newest release that can be read, and says which one it skipped.
      const alias = (await app.getElement('ai@latest')).json.result.structuredContent;
      expect(alias.ok).toBe(true);
      expect(alias.meta.version).not.toBe(LATEST);
      expect(alias.meta.warnings.join(' ')).toContain(LATEST);

      // Read once or twice before (a text read ahead is checked by the first call that names it), then
      // answered with its failure from memory until the back-off ends.
      const readsSoFar = app.reads.get(latestKey()) ?? 0;
      await app.getElement(LATEST);
      await app.getElement(LATEST);
      expect(app.reads.get(latestKey()) ?? 0).toBe(readsSoFar);
      clock += 60_000;
      await app.getElement(LATEST);
      expect(app.reads.get(latestKey()) ?? 0).toBe(readsSoFar + 1);
    });
  }

  it('a first request with a waitUntil does not wait for the alias targets it does not name: their texts are read in the background', async () => {
    // An alias target other than ai@latest (which every MCP answer's icons name).
    const other = Object.values(ALL.aliases).find((id) => id !== LATEST && id !== EMBEDDED_ID)!;
    const otherKey = releaseKey(other, (JSON.parse(BUNDLES[other]!) as Bundle).manifest.content_hash);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = coldApp(() => 0, { background: true, hold: (key) => (key === otherKey ? held : undefined) });
    // Before, the first request waited for every alias target, this one too: it never answered.
    const first = await app.getElement(LATEST);
    expect(first.json.result.structuredContent.meta.version).toBe(LATEST);
    // The background starts once the answer is on its way (a timer turn after it).
    for (let i = 0; i < 20 && !app.reads.has(otherKey); i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(app.reads.get(otherKey)).toBe(1);
    release();
    await app.settle();
    // Only its text is read ahead: checking and parsing it is left to the first call that names it.
    expect(app.store.peek!(other)).toBeUndefined();
    // Read once, by the background: a request naming it now reads nothing. The background reads
    // only what the isolate does not hold: ai@latest, which the first request read, is not read again.
    expect((await app.getElement(other)).json.result.structuredContent.meta.version).toBe(other);
    expect(app.store.peek!(other)?.id).toBe(other);
    expect(app.reads.get(otherKey)).toBe(1);
    expect(app.reads.get(latestKey())).toBe(1);
  });

  /** A pause the test ends (`open`); `reached` resolves once the background is in it, with its length. */
  const gatedPause = () => {
    const waited: number[] = [];
    let open!: () => void;
    let reach!: () => void;
    const paused = new Promise<void>((resolve) => (open = resolve));
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const wait = (ms: number) => {
      waited.push(ms);
      reach();
      return paused;
    };
    return { waited, open, reached, pause: { ms: 1000, wait } };
  };
  const otherTarget = () => {
    const other = Object.values(ALL.aliases).find((id) => id !== LATEST && id !== EMBEDDED_ID)!;
    return { other, otherKey: releaseKey(other, (JSON.parse(BUNDLES[other]!) as Bundle).manifest.content_hash) };
  };

  it('after its pause (decision 063): the background reads the index at once, the alias targets once the requests that follow the first have been answered', async () => {
    const { other, otherKey } = otherTarget();
    const gate = gatedPause();
    const app = coldApp(() => 0, { background: true, pause: gate.pause });
    expect((await app.legacy('initialize', { protocolVersion: '2025-11-25' })).json.result.serverInfo).toBeDefined();
    await gate.reached;
    // The index is read and adopted; the alias targets wait for the pause.
    expect(gate.waited).toEqual([1000]);
    expect(app.reads.get(INDEX_KEY)).toBe(1);
    expect(app.reads.has(otherKey)).toBe(false);
    // The handshake's next request is answered meanwhile, with no read of its own.
    expect((await app.legacy('tools/list')).json.result.tools).toHaveLength(TOOL_NAMES.length);
    expect(app.reads.has(otherKey)).toBe(false);
    gate.open();
    await app.settle();
    expect(app.reads.get(otherKey)).toBe(1);
    expect(app.store.peek!(other)).toBeUndefined();
    // A call naming it then reads nothing more.
    expect((await app.getElement(other)).json.result.structuredContent.meta.version).toBe(other);
    expect(app.reads.get(otherKey)).toBe(1);
    expect(gate.waited).toEqual([1000]);
  });

  it('a call naming an alias target during the pause reads it itself; the read-ahead after the pause reads it no more (decision 063)', async () => {
    const { other, otherKey } = otherTarget();
    const gate = gatedPause();
    const app = coldApp(() => 0, { background: true, pause: gate.pause });
    await app.legacy('initialize', { protocolVersion: '2025-11-25' });
    await gate.reached;
    expect((await app.getElement(other)).json.result.structuredContent.meta.version).toBe(other);
    expect(app.reads.get(otherKey)).toBe(1);
    gate.open();
    await app.settle();
    expect(app.reads.get(otherKey)).toBe(1);
    expect(app.store.peek!(other)?.id).toBe(other);
  });

  it('a background refresh with nothing to read ahead does not pause', async () => {
    let clock = 0;
    const gate = gatedPause();
    const app = coldApp(() => clock, { background: true, pause: gate.pause });
    await app.legacy('initialize', { protocolVersion: '2025-11-25' });
    await gate.reached;
    gate.open();
    await app.settle();
    const indexReads = app.reads.get(INDEX_KEY);
    // Past the index's time to live the next refresh reads it again; every alias target is held or
    // read ahead already, so it has nothing more to read and waits for no pause.
    clock = 61_000;
    const later: Array<() => Promise<unknown>> = [];
    expect(app.store.refresh!((work) => void later.push(work))).toBeUndefined();
    expect(later).toHaveLength(1);
    await later[0]!();
    expect(app.reads.get(INDEX_KEY)).toBe(indexReads! + 1);
    expect(gate.waited).toEqual([1000]);
  });

  it("a deployment's store pauses its read-ahead for READ_AHEAD_PAUSE_MS (decision 063)", async () => {
    const pauses: number[] = [];
    const real = globalThis.setTimeout;
    // Timers of the pause's length are recorded and fired at once; any other runs as it would.
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === READ_AHEAD_PAUSE_MS) {
        pauses.push(ms);
        return real(fn, 0);
      }
      return real(fn, ms);
    }) as typeof setTimeout);
    // A bucket whose index lists a beta the deployment does not ship: its object is due to be read ahead.
    const beta = 'ai@2099-01-01-beta';
    const listed = indexOf([
      { id: beta, status: 'beta', created_at: '2099-01-01T00:00:00Z', content_hash: `sha256-${'0'.repeat(64)}` },
    ]);
    const bucket: BucketReader = {
      get: async (key) => (key === INDEX_KEY ? { text: async () => JSON.stringify(listed) } : null),
    };
    try {
      const store = deploymentStore({ RELEASES: bucket as unknown as R2Bucket });
      let work: (() => Promise<unknown>) | undefined;
      expect(store.refresh!((w) => void (work = w))).toBeUndefined();
      await work!();
      expect(pauses).toEqual([READ_AHEAD_PAUSE_MS]);
    } finally {
      spy.mockRestore();
    }
    expect(READ_AHEAD_PAUSE_MS).toBeGreaterThanOrEqual(500);
  });

  describe('a read-ahead and a call reading the same damaged release', () => {
    // An alias target the first request does not read (it reads ai@latest's for the icons).
    const [alias, other] = Object.entries(ALL.aliases).find(([, id]) => id !== LATEST && id !== EMBEDDED_ID)!;
    const otherKey = releaseKey(other, (JSON.parse(BUNDLES[other]!) as Bundle).manifest.content_hash);
    const tamper = async () => {
      const tampered = JSON.parse(BUNDLES[other]!) as Bundle;
      tampered.manifest.notes = 'changed after publishing';
      await area.put(otherKey, JSON.stringify(tampered));
    };
    const turns = async (until: () => boolean) => {
      for (let i = 0; i < 50 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(until()).toBe(true);
    };
    /** Holds the reads of `other` in turn, one promise each; `open(i)` lets the i-th go on. */
    const gates = (count: number) => {
      const opens: Array<() => void> = [];
      const held = Array.from({ length: count }, () => new Promise<void>((resolve) => opens.push(resolve)));
      return { hold: (key: string) => (key === otherKey ? held.shift() : undefined), open: (i: number) => opens[i]!() };
    };

    it('a read-ahead that lands after a call found the release damaged leaves it unreadable', async () => {
      await tamper();
      const { hold, open } = gates(1);
      const app = coldApp(() => 0, { background: true, hold });
      await app.getElement(HEALTHY);
      await turns(() => app.reads.get(otherKey) === 1);
      const broken = (await app.getElement(other)).json.result.structuredContent;
      expect(broken.errors[0].code).toBe('upstream_error');
      open(0);
      await app.settle();
      // Before, the text landing cleared the failure: the alias named the damaged release again.
      expect(app.store.index().aliases[alias]).not.toBe(other);
      expect(app.store.catalogue!().problems!().join(' ')).toContain(other);
    });

    it('a text read ahead while a call read the release is not used once that read failed: after the back-off the bucket is read', async () => {
      await tamper();
      let clock = 0;
      const { hold, open } = gates(2);
      const app = coldApp(() => clock, { background: true, hold });
      await app.getElement(HEALTHY);
      await turns(() => app.reads.get(otherKey) === 1);
      const call = app.getElement(other);
      await turns(() => app.reads.get(otherKey) === 2);
      // The read-ahead lands while the call's own read is still under way, then that read fails.
      open(0);
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      open(1);
      expect((await call).json.result.structuredContent.errors[0].code).toBe('upstream_error');
      await app.settle();
      // The object is repaired; once the back-off has passed, the next refresh reads the bucket again.
      await area.put(otherKey, BUNDLES[other]!);
      clock += 60_000;
      await app.getElement(HEALTHY);
      await app.settle();
      expect(app.reads.get(otherKey)).toBe(3);
      expect(app.store.index().aliases[alias]).toBe(other);
    });
  });

  it('the first answer of an isolate carries the icons of ai@latest, and its tool runs once (one rate token)', async () => {
    const limiters = Object.fromEntries(
      ['RL_READ', 'RL_READ_IP', 'RL_VALIDATE', 'RL_VALIDATE_IP', 'RL_RESOLVE', 'RL_RESOLVE_IP'].map((n) => [
        n,
        countingLimiter(1000),
      ]),
    );
    const tokens = () =>
      Object.values(limiters).reduce((n, l) => n + [...l.calls.values()].reduce((a, b) => a + b, 0), 0);
    const app = coldApp(() => 0, { background: true, bindings: { RATE_LIMIT: 'on', ...limiters } });
    // The icons need ai@latest, which nothing has read: the stamping reads it and runs again, alone.
    const first = await app.getElement(HEALTHY);
    expect(first.json.result.structuredContent.meta.version).toBe(HEALTHY);
    const identity = first.json.result._meta['io.modelcontextprotocol/serverInfo'];
    expect(identity.icons[0].src).toContain(`/schemas/${LATEST}/`);
    const cold = tokens();
    expect(cold).toBeGreaterThan(0);
    await app.getElement(HEALTHY);
    expect(tokens() - cold).toBe(cold);
    const listing = coldApp(() => 0, { background: true });
    const tools = (await listing.legacy('tools/list')).json.result.tools;
    expect(tools[0].icons[0].src).toContain(`/schemas/${LATEST}/`);
    await Promise.all([app.settle(), listing.settle()]);
  });

  for (const [how, damage] of DAMAGE.slice(0, 2)) {
    it(`${how}, and the first request names ai@latest before the background read it: the alias names the next release, with the warning`, async () => {
      await damage();
      const app = coldApp(() => 0, { background: true });
      const alias = (await app.getElement('ai@latest')).json.result.structuredContent;
      expect(alias.ok).toBe(true);
      expect(alias.meta.version).not.toBe(LATEST);
      expect(alias.meta.warnings.join(' ')).toContain(LATEST);
      // The server's identity and the tool icons of a first request come from a release that can be read.
      const listing = coldApp(() => 0, { background: true });
      const tools = (await listing.legacy('tools/list')).json.result.tools;
      await listing.settle();
      expect(tools[0].icons[0].src).not.toContain(LATEST);
      expect(tools[0].icons[0].src).toMatch(/\/api\/v2\/schemas\/ai@[^/]+\/elements\//);
      await app.settle();
    });
  }

  it("a release whose object's bytes the index vouches for is read without recomputing its content hash", async () => {
    // Bytes publish did not write, but the index names their hash: the store takes the index's word.
    const changed = JSON.parse(BUNDLES[LATEST]!) as Bundle;
    changed.manifest.notes = 'changed after publishing';
    const text = JSON.stringify(changed);
    await area.put(latestKey(), text);
    const published = JSON.parse((await (await area.reader.get(INDEX_KEY))!.text()) as string) as VersionIndex;
    await area.put(INDEX_KEY, JSON.stringify({ ...published, objects: { [latestKey()]: await objectHashOf(text) } }));
    const app = coldApp(() => 0);
    expect((await app.getElement(LATEST)).json.result.structuredContent.meta.version).toBe(LATEST);
    expect(app.store.peek!(LATEST)?.bundle.manifest.notes).toBe('changed after publishing');
  });

  it("a release no alias names, read by the call that names it, is checked by its object's hash too", async () => {
    const unaliased = BUCKET_IDS.find((id) => !Object.values(ALL.aliases).includes(id))!;
    const bundle = JSON.parse(BUNDLES[unaliased]!) as Bundle;
    const key = releaseKey(unaliased, bundle.manifest.content_hash);
    bundle.manifest.notes = 'changed after publishing';
    const text = JSON.stringify(bundle);
    await area.put(key, text);
    const published = JSON.parse((await (await area.reader.get(INDEX_KEY))!.text()) as string) as VersionIndex;
    await area.put(INDEX_KEY, JSON.stringify({ ...published, objects: { [key]: await objectHashOf(text) } }));
    const app = coldApp(() => 0, { background: true });
    expect((await app.getElement(unaliased)).json.result.structuredContent.meta.version).toBe(unaliased);
    expect(app.store.peek!(unaliased)?.bundle.manifest.notes).toBe('changed after publishing');
    await app.settle();
  });

  it('an unreadable release is read again once its back-off ends, and the alias names it again', async () => {
    const intact = BUNDLES[LATEST]!;
    await area.delete(latestKey());
    let clock = 0;
    const app = coldApp(() => clock);
    expect((await app.getElement('ai@latest')).json.result.structuredContent.meta.version).not.toBe(LATEST);
    await area.put(latestKey(), intact);
    clock += 60_000;
    // The first request after the back-off reads it again (the app has no waitUntil, so it waits).
    const alias = (await app.getElement('ai@latest')).json.result.structuredContent;
    expect(alias.meta.version).toBe(LATEST);
    expect(alias.meta.warnings ?? []).toEqual([]);
  });

  it('the index names an embedded release under another hash whose copy cannot be read: the embedded copy serves, and the catalogue says which', async () => {
    const embeddedEntry = JSON.parse(VERSION_INDEX).versions[0] as VersionEntry;
    const other = `sha256-${'ab'.repeat(32)}`;
    expect(other).not.toBe(embeddedEntry.content_hash);
    const bucketEntries = ALL.versions.slice(1).map(({ aliases: _, ...entry }) => entry);
    const { aliases: _, ...renamed } = { ...embeddedEntry, content_hash: other };
    await area.put(INDEX_KEY, JSON.stringify(indexOf([...bucketEntries, renamed])));
    const app = coldApp(() => 0);
    expect((await app.modern('server/discover')).status).toBe(200);

    const element = (await app.getElement(EMBEDDED_ID)).json.result.structuredContent;
    expect(element.ok).toBe(true);
    expect(element.meta.version).toBe(EMBEDDED_ID);
    const told = element.meta.warnings.join(' ');
    expect(told).toContain(other);
    expect(told).toContain(embeddedEntry.content_hash);

    const list = (await app.modern('tools/call', { name: 'list_schema_versions', arguments: {} })).json.result
      .structuredContent;
    const listed = list.data.versions.find((v: VersionEntry) => v.id === EMBEDDED_ID);
    expect(listed).toMatchObject({ content_hash: embeddedEntry.content_hash, held: 'embedded' });
    expect(list.meta.warnings.join(' ')).toContain(other);
    // Every other release is still the bucket's.
    expect((await app.getElement(HEALTHY)).json.result.structuredContent.ok).toBe(true);
  });

  it('a corrupt index: the catalogue keeps what it has, clients connect, and the catalogue and aliases say the index was not read', async () => {
    await area.put(INDEX_KEY, '{"versions": [not json');
    const app = coldApp(() => 0);
    expect((await app.modern('server/discover')).status).toBe(200);
    expect((await app.getElement(EMBEDDED_ID)).json.result.structuredContent.ok).toBe(true);
    const list = (await app.modern('tools/call', { name: 'list_schema_versions', arguments: {} })).json.result
      .structuredContent;
    expect(list.ok).toBe(true);
    expect(list.meta.warnings.join(' ')).toMatch(/index cannot be read/);
    expect(list.data.catalogue.note).toMatch(/meta\.warnings/);
    const alias = (await app.getElement('ai@latest-beta')).json.result.structuredContent;
    expect(alias.ok).toBe(true);
    expect(alias.meta.warnings.join(' ')).toMatch(/index cannot be read/);
    // A release named by its id gets no such warning: what it names cannot change.
    expect((await app.getElement(EMBEDDED_ID)).json.result.structuredContent.meta.warnings ?? []).toEqual([]);
  });
});
