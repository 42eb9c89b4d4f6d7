import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BodyCache } from '../../src/store/body-cache.js';
import { WRITE_GAP_MS } from '../../src/store/paced-writes.js';
import { recorded } from '../helpers/recorded-kv.js';
import { BODY_TTL_SECONDS, type KeepPlace, SessionSlots, SLOT_TTL_SECONDS } from '../../src/store/sessions.js';

const page = (n: number | string) =>
  `<!doctype html><html><head><title>Page ${n}</title></head><body>${'x'.repeat(2000)}</body></html>`;
const source = (n: number | string) => JSON.stringify({ title: [{ locale: 'en', value: `Source ${n}` }] });
const sid = (name: string) => `${name}-${crypto.randomUUID()}`;

/** Where these tests keep renders: no quota to speak of (keep-quota has its own tests). */
const at = (kv: KVNamespace): KeepPlace => ({ kv, address: 'slots-test', quota: { count: 1e9, bytes: 1e12 } });
/** The same, from an address of its own and with a render key set (no key is read or stored): every call is the render's. */
const keyed = (kv: KVNamespace): KeepPlace => ({ ...at(kv), address: `keyed-${crypto.randomUUID()}`, renderKey: 'k' });

/** An isolate: its own body cache and clock over the shared store. */
function isolate(start = 1_000_000) {
  const clock = { t: start };
  return { slots: new SessionSlots({ cache: new BodyCache(1 << 20), now: () => clock.t }), clock };
}

describe('session slots across isolates', () => {
  it('an isolate that cached page 1 serves page 2 once another isolate rendered it', async () => {
    const s = sid('cross');
    const a = isolate();
    const b = isolate();
    const store = recorded();
    await a.slots.write(at(store.kv), s, 'page', page(1), source(1));
    expect((await a.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page(1));
    expect(store.ops('get', 'body:')).toHaveLength(0);
    await b.slots.write(at(store.kv), s, 'page', page(2), source(2));
    expect((await a.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page(2));
    expect((await b.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page(2));
    expect(await a.slots.lastSource(store.kv, s)).toBe(source(2));
    // Back to page 1 from isolate B, a second later (sooner, B writes it after the answer: paced-writes.test.ts).
    // A holds page 1's body in memory and must still follow the pointer.
    b.clock.t += WRITE_GAP_MS;
    await b.slots.write(at(store.kv), s, 'page', page(1), source(1));
    expect((await a.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page(1));
  });

  it('a read always asks KV for the pointer, and takes the body from memory only for the hash it names', async () => {
    const s = sid('reads');
    const a = isolate();
    const store = recorded();
    await a.slots.write(at(store.kv), s, 'page', page('m'), source('m'));
    for (let i = 0; i < 3; i++) expect((await a.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page('m'));
    expect(store.ops('get', 'slot:')).toHaveLength(3);
    expect(store.ops('get', 'body:')).toHaveLength(0);
    const fresh = isolate();
    expect((await fresh.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page('m'));
    expect((await fresh.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page('m'));
    expect(store.ops('get', 'body:')).toHaveLength(1);
  });

  it("sessions never read each other's pages, even when one isolate holds both bodies", async () => {
    const a = isolate();
    const [s1, s2, s3] = [sid('one'), sid('two'), sid('three')];
    await a.slots.write(at(env.SESSIONS), s1, 'page', page('one'), source('one'));
    await a.slots.write(at(env.SESSIONS), s2, 'page', page('two'), source('two'));
    expect((await a.slots.read(env.SESSIONS, s1, 'page'))?.body ?? null).toBe(page('one'));
    expect((await a.slots.read(env.SESSIONS, s2, 'page'))?.body ?? null).toBe(page('two'));
    expect((await a.slots.read(env.SESSIONS, s3, 'page'))?.body ?? null).toBeNull();
    expect((await a.slots.read(env.SESSIONS, s1, 'sign'))?.body ?? null).toBeNull();
    expect(await a.slots.lastSource(env.SESSIONS, s3)).toBeNull();
  });

  it('after clear, every isolate reads an empty slot (the placeholder), whatever it holds in memory', async () => {
    const s = sid('clear');
    const a = isolate();
    const b = isolate();
    await a.slots.write(at(env.SESSIONS), s, 'page', page('c'), source('c'));
    await a.slots.write(at(env.SESSIONS), s, 'sign', '<svg/>', source('c'));
    expect((await b.slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBe(page('c'));
    await b.slots.clear(env.SESSIONS, s);
    for (const i of [a, b]) {
      expect((await i.slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBeNull();
      expect((await i.slots.read(env.SESSIONS, s, 'sign'))?.body ?? null).toBeNull();
      expect(await i.slots.lastSource(env.SESSIONS, s)).toBeNull();
    }
  });

  it("clearing a session leaves the renders of a session whose id it begins (ids may hold ':')", async () => {
    const outer = sid('prefix');
    const inner = `${outer}:abc`;
    const a = isolate();
    const kept = await a.slots.write(at(env.SESSIONS), inner, 'page', page('inner'), source('inner'));
    if ('refused' in kept) throw new Error('not kept');
    await a.slots.clear(env.SESSIONS, outer);
    expect(await a.slots.readKept(env.SESSIONS, kept.hash, 'page')).toBe(page('inner'));
    expect(await env.SESSIONS.get(`made:${inner}:${kept.hash}.html`)).toBe('');
    await a.slots.clear(env.SESSIONS, inner);
    expect(await a.slots.readKept(env.SESSIONS, kept.hash, 'page')).toBeNull();
  });

  it("clearing a session reads past a page of another session's markers under its prefix", async () => {
    const outer = sid('crowded');
    const a = isolate();
    const kept = await a.slots.write(at(env.SESSIONS), outer, 'page', page('own'), source('own'));
    if ('refused' in kept) throw new Error('not kept');
    // Session `<outer>:!` sorts its markers before the outer session's own (hex names): a full page of them.
    await Promise.all(
      Array.from({ length: 400 }, (_, i) => env.SESSIONS.put(`made:${outer}:!:${String(i).padStart(4, '0')}.html`, '')),
    );
    await a.slots.clear(env.SESSIONS, outer);
    expect(await a.slots.readKept(env.SESSIONS, kept.hash, 'page')).toBeNull();
    expect((await env.SESSIONS.list({ prefix: `made:${outer}:!:` })).keys).toHaveLength(400);
  });

  it("the newer of the page and the sign gives the session's datachain, across isolates", async () => {
    const s = sid('source');
    const a = isolate(5_000);
    const b = isolate(6_000);
    await a.slots.write(at(env.SESSIONS), s, 'page', page('p'), source('page'));
    await b.slots.write(at(env.SESSIONS), s, 'sign', '<svg/>', source('sign'));
    expect(await a.slots.lastSource(env.SESSIONS, s)).toBe(source('sign'));
    a.clock.t = 7_000;
    await a.slots.write(at(env.SESSIONS), s, 'page', page('p'), source('page again'));
    expect(await b.slots.lastSource(env.SESSIONS, s)).toBe(source('page again'));
  });

  it('within one millisecond, the later write of an isolate is the newer', async () => {
    const s = sid('same-ms');
    const a = isolate();
    await a.slots.write(at(env.SESSIONS), s, 'sign', '<svg/>', source('sign'));
    await a.slots.write(at(env.SESSIONS), s, 'page', page('p'), source('page'));
    expect(await a.slots.lastSource(env.SESSIONS, s)).toBe(source('page'));
  });

  it('a slot holding something other than a pointer reads as empty', async () => {
    const s = sid('legacy');
    await env.SESSIONS.put(`slot:${s}`, page('old'));
    expect((await isolate().slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBeNull();
  });
});

describe('body lifetimes', () => {
  it('slots live one hour and bodies two; every render stores its body once, under its handle', async () => {
    const a = isolate();
    const store = recorded();
    await a.slots.write(at(store.kv), sid('ttl1'), 'page', page('ttl'), source(1));
    const kept = store.calls.filter((c) => c.op === 'put' && /^(body|slot):/.test(c.key));
    expect(kept.map((c) => [c.key.split(':')[0], c.ttl])).toEqual([
      ['body', BODY_TTL_SECONDS],
      ['slot', SLOT_TTL_SECONDS],
    ]);
    expect(kept[0]!.key).toMatch(/^body:[0-9a-f]{64}\.html$/);
    await a.slots.write(at(store.kv), sid('ttl2'), 'page', page('ttl'), source(2));
    expect(store.ops('put', 'body:')).toHaveLength(2);
  });

  it('every slot expires before its body', () => {
    expect(SLOT_TTL_SECONDS).toBeLessThan(BODY_TTL_SECONDS);
  });

  it('a body this isolate only read is stored again on its next render (its expiry is unknown)', async () => {
    const a = isolate();
    const b = isolate();
    const store = recorded();
    const s = sid('read-then-write');
    await b.slots.write(at(store.kv), s, 'page', page('shared'), source(1));
    expect((await a.slots.read(store.kv, s, 'page'))?.body ?? null).toBe(page('shared'));
    await a.slots.write(at(store.kv), s, 'page', page('shared'), source(2));
    expect(store.ops('put', 'body:')).toHaveLength(2);
  });

  it('a failed store leaves the slot as it was and stores the body again next time', async () => {
    const a = isolate();
    const s = sid('fail');
    await a.slots.write(at(env.SESSIONS), s, 'page', page('before'), source('before'));
    const failing = {
      ...recorded().kv,
      put: async () => {
        throw new Error('kv down');
      },
    } as unknown as KVNamespace;
    await expect(a.slots.write(at(failing), s, 'page', page('after'), source('after'))).rejects.toThrow('kv down');
    expect((await a.slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBe(page('before'));
    const store = recorded();
    await a.slots.write(at(store.kv), s, 'page', page('after'), source('after'));
    expect(store.ops('put', 'body:')).toHaveLength(1);
    expect((await a.slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBe(page('after'));
  });
});

describe('what a render new to the store waits for', () => {
  const shape = (calls: ReturnType<typeof recorded>['calls']) =>
    calls.map((c) => [c.op, c.key.slice(0, c.key.indexOf(':')), c.inFlight]);

  it('in a session: the tally read, then the tally and the body written together, then the marker and the slot', async () => {
    const store = recorded();
    await isolate().slots.write(keyed(store.kv), sid('rounds'), 'page', page('rounds'), source('rounds'));
    expect(shape(store.calls)).toEqual([
      ['get', 'kept-by', 1],
      ['put', 'kept-by', 1],
      ['put', 'body', 2],
      ['put', 'made', 1],
      ['put', 'slot', 2],
    ]);
  });

  it('without a session: the tally read, then the tally and the body written together', async () => {
    const store = recorded();
    await isolate().slots.withoutSession(keyed(store.kv)).write('page', page('no-session'), source('no-session'));
    expect(shape(store.calls)).toEqual([
      ['get', 'kept-by', 1],
      ['put', 'kept-by', 1],
      ['put', 'body', 2],
    ]);
  });

  it('a body that fails to be written fails the render and leaves the slot as it was, the tally written or not', async () => {
    const a = isolate();
    const s = sid('body-fails');
    await a.slots.write(at(env.SESSIONS), s, 'page', page('kept'), source('kept'));
    a.clock.t += WRITE_GAP_MS;
    const store = recorded();
    const bodyFails = {
      ...store.kv,
      put: async (key: string, value: string, options?: KVNamespacePutOptions) => {
        if (key.startsWith('body:')) throw new Error('body write refused');
        return store.kv.put(key, value, options);
      },
    } as unknown as KVNamespace;
    await expect(a.slots.write(at(bodyFails), s, 'page', page('lost'), source('lost'))).rejects.toThrow(
      'body write refused',
    );
    expect(store.ops('put', 'slot:')).toHaveLength(0);
    expect(store.ops('put', 'made:')).toHaveLength(0);
    expect((await isolate().slots.read(env.SESSIONS, s, 'page'))?.body ?? null).toBe(page('kept'));
  });
});

describe('the tally read started before the render (prepare)', () => {
  it('is the read the write begins with: the write reads the tally no more', async () => {
    const store = recorded();
    const session = isolate().slots.forSession(keyed(store.kv), sid('early'));
    expect(session.prepare!()).toBe(true);
    expect(store.calls.map((c) => [c.op, c.key.split(':')[0]])).toEqual([['get', 'kept-by']]);
    await session.write('page', page('early'), source('early'));
    expect(store.calls.map((c) => [c.op, c.key.split(':')[0]])).toEqual([
      ['get', 'kept-by'],
      ['put', 'kept-by'],
      ['put', 'body'],
      ['put', 'made'],
      ['put', 'slot'],
    ]);
  });

  it('counts what the read found, and the charge reads nothing more', async () => {
    const a = isolate();
    const place = { ...keyed(env.SESSIONS), quota: { count: 2, bytes: 1e12 } };
    await a.slots.withoutSession(place).write('page', page('one'), source('one'));
    a.clock.t += 2 * WRITE_GAP_MS;
    await a.slots.withoutSession(place).write('page', page('two'), source('two'));
    a.clock.t += 2 * WRITE_GAP_MS;
    // A fresh isolate: the tally (two renders) is only in KV.
    const b = isolate(a.clock.t);
    const store = recorded();
    const third = b.slots.withoutSession({ ...place, kv: store.kv });
    expect(third.prepare!()).toBe(true);
    expect(await third.write('page', page('three'), source('three'))).toMatchObject({
      refused: { code: 'rate_limited' },
    });
    expect(store.calls.map((c) => [c.op, c.key.split(':')[0]])).toEqual([['get', 'kept-by']]);
  });

  it('reads nothing while this isolate holds the tally it has yet to write', async () => {
    const a = isolate();
    const store = recorded();
    const place = keyed(store.kv);
    await a.slots.withoutSession(place).write('page', page('first'), source('first'));
    // Within the second: the next tally is queued, and the isolate answers it.
    await a.slots.withoutSession(place).write('page', page('second'), source('second'));
    const reads = store.ops('get', 'kept-by:').length;
    expect(a.slots.withoutSession(place).prepare!()).toBe(false);
    expect(store.ops('get', 'kept-by:')).toHaveLength(reads);
  });

  it('a read that fails fails the render that uses it, and nothing when no render does', async () => {
    /** A store whose first read fails: a charge that read again would pass. */
    const failingOnce = () => {
      let reads = 0;
      return {
        ...recorded().kv,
        get: async (key: string) => {
          if (reads++ === 0) throw new Error('kv down');
          return env.SESSIONS.get(key, 'text');
        },
      } as unknown as KVNamespace;
    };
    const unused = isolate().slots.forSession(keyed(failingOnce()), sid('unused'));
    expect(unused.prepare!()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const used = isolate().slots.forSession(keyed(failingOnce()), sid('used'));
    used.prepare!();
    await expect(used.write('page', page('x'), source('x'))).rejects.toThrow('kv down');
  });
});

describe('body cache', () => {
  it('keeps the most recently used bodies within its size', () => {
    const cache = new BodyCache(10);
    cache.set('a', { body: 'aaaa' });
    cache.set('b', { body: 'bbbb' });
    cache.get('a');
    cache.set('c', { body: 'cccc' });
    expect([cache.get('a')?.body, cache.get('b'), cache.get('c')?.body]).toEqual(['aaaa', undefined, 'cccc']);
    expect(cache.chars).toBe(8);
    cache.set('big', { body: 'x'.repeat(11) });
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', { body: 'aaaa', storedAt: 1 });
    expect([cache.size, cache.chars, cache.get('a')?.storedAt]).toEqual([2, 8, 1]);
  });
});
