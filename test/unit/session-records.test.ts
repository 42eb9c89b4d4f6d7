import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { JSON_HEADERS } from '../helpers/http.js';
import { endIfIssued, hasEnded, issueSessionId, recordIssued } from '../../src/mcp/session.js';

/** A session store in memory that counts its reads; `elsewhere` writes as another isolate would. */
function countingKv() {
  const values = new Map<string, string>();
  let reads = 0;
  const kv = {
    get: async (key: string) => {
      reads++;
      return values.get(key) ?? null;
    },
    put: async (key: string, value: string) => void values.set(key, value),
  } as unknown as KVNamespace;
  return { kv, reads: () => reads, elsewhere: (id: string, value: string) => values.set(`session:${id}`, value) };
}

/** `id` is known to have ended: `hasEnded` says so at `now` without reading the store. */
async function knownEnded(store: ReturnType<typeof countingKv>, id: string, now: number): Promise<void> {
  const reads = store.reads();
  expect(await hasEnded(store.kv, id, now)).toBe(true);
  expect(store.reads()).toBe(reads);
}

describe("an issued session's record, as this isolate knows it", () => {
  it('is not read again for the requests of an open session within the trust window', async () => {
    const store = countingKv();
    const id = issueSessionId();
    await recordIssued(store.kv, id, 0);
    for (const now of [1, 500, 9_999]) expect(await hasEnded(store.kv, id, now)).toBe(false);
    expect(store.reads()).toBe(0);
    // Past the window the record is read again, once, and trusted for another window.
    expect(await hasEnded(store.kv, id, 10_000)).toBe(false);
    expect(await hasEnded(store.kv, id, 19_999)).toBe(false);
    expect(store.reads()).toBe(1);
  });

  it('sees an end made through another isolate once its trust in the open record has run out', async () => {
    const store = countingKv();
    const id = issueSessionId();
    store.elsewhere(id, 'open');
    expect(await hasEnded(store.kv, id, 0)).toBe(false);
    store.elsewhere(id, 'ended');
    expect(await hasEnded(store.kv, id, 9_999)).toBe(false);
    expect(await hasEnded(store.kv, id, 10_000)).toBe(true);
    // An end is final: never read again.
    await knownEnded(store, id, 10_000_000);
  });

  it('sees an end made through this isolate at once, and remembers a record found ended', async () => {
    const store = countingKv();
    const id = issueSessionId();
    await recordIssued(store.kv, id, 0);
    await endIfIssued(store.kv, id);
    await knownEnded(store, id, 1);
    const other = issueSessionId();
    store.elsewhere(other, 'ended');
    await endIfIssued(store.kv, other);
    await knownEnded(store, other, 1);
  });

  it('an end through this isolate stays known when a read that started before it lands after it', async () => {
    const store = countingKv();
    const id = issueSessionId();
    store.elsewhere(id, 'open');
    let land!: () => void;
    const gate = new Promise<void>((resolve) => (land = resolve));
    const get = store.kv.get.bind(store.kv);
    let gets = 0;
    // The first read (the request's) lands only when `land()` is called; later reads at once.
    const slow = {
      ...store.kv,
      get: async (key: string) => {
        const value = await get(key);
        if (gets++ === 0) await gate;
        return value;
      },
    } as unknown as KVNamespace;
    const reading = hasEnded(slow, id, 0);
    // `slow` and `store.kv` are different stores to the memo; end it through the one being read.
    await endIfIssued(slow, id);
    land();
    await reading;
    expect(await hasEnded(slow, id, 1)).toBe(true);
  });

  it('a DELETE reads the record even while this isolate trusts it as open', async () => {
    const store = countingKv();
    const id = issueSessionId();
    await recordIssued(store.kv, id, 0);
    store.elsewhere(id, 'ended');
    expect(await hasEnded(store.kv, id, 1)).toBe(false);
    expect(await hasEnded(store.kv, id, 1, true)).toBe(true);
    expect(await hasEnded(store.kv, id, 2)).toBe(true);
  });

  it('reads nothing for an id a client chose, and keeps what it knows per session store', async () => {
    const store = countingKv();
    expect(await hasEnded(store.kv, 'my-session', 0)).toBe(false);
    expect(store.reads()).toBe(0);
    const id = issueSessionId();
    await recordIssued(store.kv, id, 0);
    const another = countingKv();
    another.elsewhere(id, 'ended');
    expect(await hasEnded(another.kv, id, 1)).toBe(true);
    expect(await hasEnded(store.kv, id, 1)).toBe(false);
  });
});

describe('a 2025-era client on the session the server issued it', () => {
  it('is answered without its record being read on every request, and 404 at once after its DELETE', async () => {
    const reads: string[] = [];
    // The deployment's session store, its reads counted (one object for the app's whole life, as a binding is).
    const sessions = new Proxy(env.SESSIONS, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (name !== 'get') return typeof value === 'function' ? value.bind(target) : value;
        return (key: string, ...rest: unknown[]) => {
          reads.push(key);
          return (value as (...a: unknown[]) => unknown).call(target, key, ...rest);
        };
      },
    });
    const app = createApp();
    const bindings = { ...env, SESSIONS: sessions };
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      app.request(
        '/mcp',
        { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) },
        bindings,
      );
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    const id = init.headers.get('mcp-session-id')!;
    expect(id).toMatch(/^dtpr-/);
    const named = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    for (let i = 2; i < 6; i++) expect((await post({ jsonrpc: '2.0', id: i, method: 'ping' }, named)).status).toBe(200);
    expect(reads.filter((key) => key === `session:${id}`)).toEqual([]);
    const ended = await app.request('/mcp', { method: 'DELETE', headers: { ...JSON_HEADERS, ...named } }, bindings);
    expect(ended.status).toBe(204);
    expect((await post({ jsonrpc: '2.0', id: 7, method: 'ping' }, named)).status).toBe(404);
  });
});
