import { describe, expect, it, vi } from 'vitest';
import { StorageFailure } from '../../src/core/storage.js';
import { endIfIssued, hasEnded, issueSessionId, recordIssued } from '../../src/mcp/session.js';
import { BodyCache } from '../../src/store/body-cache.js';
import { PacedWrites, WRITE_GAP_MS } from '../../src/store/paced-writes.js';
import { RenderKeys } from '../../src/store/render-key.js';
import { type KeepPlace, SessionSlots } from '../../src/store/sessions.js';
import { handClock, limitedKv } from '../helpers/limited-kv.js';

/**
 * Workers KV takes one write to a key a second and throws on a second one (429). A session that
 * renders twice within a second, or an address that keeps two renders within one, must still be
 * answered, and read back what it rendered last. These tests run over a store that refuses writes
 * as KV does, on a clock moved by hand.
 */
const page = (n: number | string) =>
  `<!doctype html><html><head><title>Page ${n}</title></head><body>${n}</body></html>`;
const HANDLE = /([0-9a-f]{64})\.html$/;
const source = (n: number | string) => JSON.stringify({ title: [{ locale: 'en', value: `Source ${n}` }] });

/** An isolate's paced writes, on a clock moved by hand. */
const paced = (time = handClock()) => ({ time, writes: new PacedWrites({ now: time.now, wait: time.wait }) });

/** Paced writes over a store where another isolate has just written `key`: this isolate's first write of it is refused. */
async function afterAnotherIsolate(key: string) {
  const { time, writes } = paced();
  const store = limitedKv(time.clock);
  await store.kv.put(key, 'other isolate');
  return { time, writes, store };
}

function isolate(time = handClock(), report = vi.fn()) {
  const writes = new PacedWrites({ now: time.now, wait: time.wait, report });
  const slots = new SessionSlots({ cache: new BodyCache(1 << 20), writes, now: time.now });
  return { time, slots, report };
}

const place = (kv: KVNamespace, later: KeepPlace['later'], count = 1e9): KeepPlace => ({
  kv,
  address: 'paced-test',
  quota: { count, bytes: 1e12 },
  renderKey: 'k',
  later,
});

describe('writes paced to one a key a second', () => {
  it('a session that renders again and again within a second is answered each time and reads its newest page', async () => {
    const { time, slots } = isolate();
    const store = limitedKv(time.clock);
    const session = slots.forSession(place(store.kv, time.later), 's1');
    for (const n of [1, 2, 1, 2, 3]) {
      expect(await session.write('page', page(n), source(n))).toMatchObject({ handle: expect.any(String) });
      expect((await session.read('page'))?.body ?? null).toBe(page(n));
      expect(await session.lastSource!()).toBe(source(n));
      time.clock.t += 10;
    }
    expect(store.state.refused).toBe(0);
    expect(time.background.length).toBeGreaterThan(0); // the queued writes are the request's background work
    // One write of each body and its marker; the slot and the tally once now and once a second later.
    expect([store.written('body'), store.written('made'), store.written('slot'), store.written('kept-by')]).toEqual([
      3, 3, 1, 1,
    ]);
    await time.advance(WRITE_GAP_MS);
    expect([store.written('slot'), store.written('kept-by')]).toEqual([2, 2]);
    expect(store.values.get('slot:s1')).toMatch(/\n.*Source 3/);
    expect(store.values.get(`kept-by:${Math.floor(time.clock.t / 3_600_000)}:paced-test`)?.split(' ')[0]).toBe('5');
    // Another isolate now reads the newest page from the store.
    expect((await isolate(time).slots.read(store.kv, 's1', 'page'))?.body).toBe(page(3));
  });

  it('keeps counting an address within the second, so the quota still holds before the tally is written', async () => {
    const { time, slots } = isolate();
    const store = limitedKv(time.clock);
    const session = slots.withoutSession(place(store.kv, time.later, 3));
    for (const n of [1, 2, 3]) expect(await session.write('page', page(n), source(n))).toHaveProperty('handle');
    expect(await session.write('page', page(4), source(4))).toMatchObject({ refused: { code: 'rate_limited' } });
    expect(store.state.refused).toBe(0);
  });

  it('a write another isolate made within the second is tried again a second later, and the render is answered', async () => {
    const time = handClock();
    const a = isolate(time);
    const b = isolate(time);
    const store = limitedKv(time.clock);
    await a.slots.forSession(place(store.kv, time.later), 'shared').write('page', page('a'), source('a'));
    const session = b.slots.forSession(place(store.kv, time.later), 'shared');
    expect(await session.write('page', page('b'), source('b'))).toHaveProperty('handle');
    expect(store.state.refused).toBeGreaterThan(0);
    expect((await session.read('page'))?.body ?? null).toBe(page('b'));
    await time.advance(WRITE_GAP_MS);
    expect((await a.slots.read(store.kv, 'shared', 'page'))?.body).toBe(page('b'));
    expect(b.report).not.toHaveBeenCalled();
  });

  it('gives up a write KV keeps refusing after three more tries, and reports it', async () => {
    const { time, slots, report } = isolate();
    const store = limitedKv(time.clock);
    store.state.refuseAll = true;
    expect(await slots.forSession(place(store.kv, time.later), 's').write('page', page(1), source(1))).toHaveProperty(
      'handle',
    );
    for (let i = 0; i < 5; i++) await time.advance(WRITE_GAP_MS);
    expect(time.timers).toBe(0);
    // The tally, the body, the marker and the slot: each tried four times, each reported once.
    expect(store.state.refused).toBe(16);
    expect(report).toHaveBeenCalledTimes(4);
    expect(report.mock.calls.every(([, error]) => error instanceof StorageFailure)).toBe(true);
  });

  it('any other failure of a write the caller waits for is a StorageFailure', async () => {
    const writes = new PacedWrites();
    const failing = {
      put: async () => {
        throw new Error('kv down');
      },
    } as unknown as KVNamespace;
    await expect(writes.put(failing, 'slot:x', 'v', 60)).rejects.toBeInstanceOf(StorageFailure);
    expect(writes.unwritten('slot:x')).toBeUndefined();
  });

  it('a clear drops what the isolate had queued: nothing is written back after it, and a new render is stored again', async () => {
    const { time, slots } = isolate();
    const store = limitedKv(time.clock);
    const session = slots.forSession(place(store.kv, time.later), 'c');
    await session.write('page', page(1), source(1));
    time.clock.t += 10;
    await session.write('page', page(2), source(2));
    await slots.clear(store.kv, 'c');
    expect((await session.read('page'))?.body ?? null).toBeNull();
    await time.advance(WRITE_GAP_MS);
    expect(store.values.has('slot:c')).toBe(false);
    expect((await session.read('page'))?.body ?? null).toBeNull();
    // A render in the session right after the clear: written a second after the delete, not refused, not dropped.
    const kept = await session.write('page', page(1), source(1));
    await slots.clear(store.kv, 'c');
    time.clock.t += 100;
    const again = await session.write('page', page(1), source(1));
    expect(again).toEqual(kept);
    expect((await session.read('page'))?.body ?? null).toBe(page(1));
    await time.advance(WRITE_GAP_MS);
    expect(store.state.refused).toBe(0);
    expect((await isolate(time).slots.read(store.kv, 'c', 'page'))?.body).toBe(page(1));
    expect(await slots.readKept(store.kv, HANDLE.exec((again as { handle: string }).handle)![1]!, 'page')).toBe(
      page(1),
    );
  });

  it('remembers only the writes of the last second', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    for (let i = 0; i < 50; i++) await writes.put(store.kv, `body:${i}`, 'v', 60);
    expect(writes.size).toBe(50);
    time.clock.t += WRITE_GAP_MS;
    await writes.put(store.kv, 'body:last', 'v', 60);
    expect(writes.size).toBe(1);
  });
});

describe('one chain of writes per key', () => {
  it('a write in flight is read from the isolate until KV has answered it', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    const writing = writes.put(store.kv, 'slot:f', 'v1', 60, time.later);
    expect(writes.unwritten('slot:f')).toBe('v1');
    await writing;
    expect(writes.unwritten('slot:f')).toBeUndefined();
  });

  it('a queued write waits the whole second', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    await writes.put(store.kv, 'slot:w', 'v1', 60, time.later);
    await writes.put(store.kv, 'slot:w', 'v2', 60, time.later);
    await time.advance(WRITE_GAP_MS - 1);
    expect(store.values.get('slot:w')).toBe('v1');
    await time.advance(1);
    expect(store.values.get('slot:w')).toBe('v2');
    expect(store.state.refused).toBe(0);
  });

  it('a value given after the second passed, before the queued write ran, replaces it: the older value is never written last', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    await writes.put(store.kv, 'slot:late', 'v1', 60, time.later);
    await writes.put(store.kv, 'slot:late', 'v2', 60, time.later);
    time.clock.t += 1500; // the timer is late
    await writes.put(store.kv, 'slot:late', 'v3', 60, time.later);
    expect(writes.unwritten('slot:late')).toBe('v3');
    await time.advance(0);
    await time.advance(WRITE_GAP_MS);
    expect(store.values.get('slot:late')).toBe('v3');
  });

  it('a write refused for the limit is not tried again once a newer value is queued', async () => {
    const { time, writes, store } = await afterAnotherIsolate('slot:r');
    const first = writes.put(store.kv, 'slot:r', 'v1', 60, time.later);
    const second = writes.put(store.kv, 'slot:r', 'v2', 60, time.later);
    await Promise.all([first, second]);
    expect(writes.unwritten('slot:r')).toBe('v2');
    for (let i = 0; i < 4; i++) await time.advance(WRITE_GAP_MS);
    expect(store.values.get('slot:r')).toBe('v2');
  });

  it('a value given while a refused write waits to be tried again replaces it', async () => {
    const { time, writes, store } = await afterAnotherIsolate('slot:q');
    await writes.put(store.kv, 'slot:q', 'v1', 60, time.later);
    time.clock.t += 500;
    await writes.put(store.kv, 'slot:q', 'v2', 60, time.later);
    for (let i = 0; i < 4; i++) await time.advance(WRITE_GAP_MS);
    expect(store.values.get('slot:q')).toBe('v2');
  });

  it('a write refused while its key was being deleted is not tried again', async () => {
    const { time, writes, store } = await afterAnotherIsolate('slot:d');
    const refused = writes.put(store.kv, 'slot:d', 'v1', 60, time.later);
    const removing = writes.remove(store.kv, 'slot:d');
    await refused;
    await removing;
    for (let i = 0; i < 4; i++) await time.advance(WRITE_GAP_MS);
    expect(store.values.has('slot:d')).toBe(false);
  });

  it('a queued write whose key another isolate deleted is dropped', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    await writes.put(store.kv, 'slot:gone', 'v1', 60, time.later);
    await writes.put(store.kv, 'slot:gone', 'v2', 60, time.later);
    await store.kv.delete('slot:gone'); // DELETE /mcp served by another isolate
    await time.advance(WRITE_GAP_MS);
    expect(store.values.has('slot:gone')).toBe(false);
    expect(writes.unwritten('slot:gone')).toBeUndefined();
  });

  it('a queued write whose timer never ran is given up after ten seconds, and the key is written again', async () => {
    const time = handClock();
    const writes = new PacedWrites({ now: time.now, wait: () => new Promise<void>(() => undefined) });
    const store = limitedKv(time.clock);
    await writes.put(store.kv, 'slot:lost', 'v1', 60);
    await writes.put(store.kv, 'slot:lost', 'v2', 60);
    expect(writes.unwritten('slot:lost')).toBe('v2');
    time.clock.t += 12 * WRITE_GAP_MS;
    await writes.put(store.kv, 'slot:lost', 'v3', 60);
    expect(store.values.get('slot:lost')).toBe('v3');
  });
});

/** A store whose writes are answered only when the test says so. */
function heldKv() {
  const values = new Map<string, string>();
  const held: { key: string; value: string; answer: () => void }[] = [];
  const kv = {
    get: async (key: string) => values.get(key) ?? null,
    put: (key: string, value: string) =>
      new Promise<void>((resolve) =>
        held.push({
          key,
          value,
          answer: () => {
            values.set(key, value);
            resolve();
          },
        }),
      ),
    delete: async (key: string) => {
      values.delete(key);
    },
  } as unknown as KVNamespace;
  return { kv, values, held };
}

describe('writes KV is slow to answer', () => {
  it('a delete waits for a write of its key in flight, so the write does not land after it', async () => {
    const { time, writes } = paced();
    const store = heldKv();
    void writes.put(store.kv, 'slot:x', 'v1', 60, time.later);
    let removed = false;
    const removing = writes.remove(store.kv, 'slot:x').then(() => {
      removed = true;
    });
    await time.advance(0);
    expect(removed).toBe(false);
    store.held[0]!.answer();
    await removing;
    expect(store.values.has('slot:x')).toBe(false);
  });

  it('a value given while its key is being deleted is written a second after the delete, even if KV refused the delete once', async () => {
    const { time, writes } = paced();
    const store = limitedKv(time.clock);
    const { kv } = store;
    store.state.deletesToRefuse = 1;
    await writes.put(kv, 'slot:p3', 'v1', 60, time.later);
    let removed = false;
    const removing = writes.remove(kv, 'slot:p3').then(() => {
      removed = true;
    });
    time.clock.t += 100;
    await writes.put(kv, 'slot:p3', 'v2', 60, time.later);
    for (let i = 0; i < 3 && !removed; i++) await time.advance(WRITE_GAP_MS);
    await removing;
    expect(store.values.has('slot:p3')).toBe(false);
    expect(writes.unwritten('slot:p3')).toBe('v2');
    await time.advance(WRITE_GAP_MS);
    await time.advance(WRITE_GAP_MS);
    expect(store.values.get('slot:p3')).toBe('v2');
    expect(store.state.refused).toBe(0);
  });

  it('a render of a body whose last try KV refuses for the limit is answered: the same content is in KV', async () => {
    const time = handClock();
    const report = vi.fn();
    const writes = new PacedWrites({ now: time.now, wait: time.wait, report });
    const tries: { refuse: () => void }[] = [];
    const kv = {
      get: async () => 'written by another isolate',
      put: () =>
        new Promise<void>((_, reject) =>
          tries.push({ refuse: () => reject(new Error('KV PUT failed: 429 Too Many Requests')) }),
        ),
    } as unknown as KVNamespace;
    const first = writes.put(kv, 'body:same', 'page', 60, time.later);
    for (let i = 0; i < 3; i++) {
      tries[i]!.refuse();
      await time.advance(0);
      await time.advance(WRITE_GAP_MS);
    }
    await first;
    expect(tries).toHaveLength(4);
    const again = writes.put(kv, 'body:same', 'page', 60, time.later);
    tries[3]!.refuse();
    await expect(again).resolves.toBeUndefined();
    await time.advance(0);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('a caller waiting on a write KV never answers, a same value or a delete, waits ten seconds at most', async () => {
    const { time, writes } = paced();
    const store = heldKv();
    void writes.put(store.kv, 'body:n', 'v', 60, time.later);
    let settled = 0;
    void writes.put(store.kv, 'body:n', 'v', 60, time.later).then(() => settled++);
    void writes.remove(store.kv, 'body:n').then(() => settled++);
    await time.advance(9 * WRITE_GAP_MS);
    expect(settled).toBe(0);
    await time.advance(WRITE_GAP_MS);
    expect(settled).toBe(2);
  });

  it('remembers no delete or lost write for long', async () => {
    const { time, writes } = paced();
    const store = heldKv();
    void writes.put(store.kv, 'slot:never', 'v', 60, time.later);
    for (let i = 0; i < 100; i++) await writes.remove(limitedKv(time.clock).kv, `slot:${i}`);
    expect(writes.size).toBe(101);
    time.clock.t += 11 * WRITE_GAP_MS;
    expect(writes.unwritten('slot:never')).toBeUndefined();
    expect(writes.size).toBe(0);
  });

  it('the second is counted from when KV answered the last write', async () => {
    const { time, writes } = paced();
    const store = heldKv();
    void writes.put(store.kv, 'slot:y', 'v1', 60, time.later);
    await writes.put(store.kv, 'slot:y', 'v2', 60, time.later);
    await time.advance(1500); // the queued write is due, but v1 is not answered yet
    store.held[0]!.answer();
    await time.advance(0);
    await time.advance(WRITE_GAP_MS - 1);
    expect(store.held).toHaveLength(1);
    await time.advance(1);
    expect(store.held.map((h) => h.value)).toEqual(['v1', 'v2']);
  });

  it('a write KV never answers blocks its key for ten seconds at most', async () => {
    const { time, writes } = paced();
    const store = heldKv();
    void writes.put(store.kv, 'slot:z', 'v1', 60, time.later);
    expect(writes.unwritten('slot:z')).toBe('v1');
    time.clock.t += 11 * WRITE_GAP_MS;
    expect(writes.unwritten('slot:z')).toBeUndefined();
    void writes.put(store.kv, 'slot:z', 'v2', 60, time.later);
    expect(store.held.map((h) => h.value)).toEqual(['v1', 'v2']);
  });
});

describe('keys written once or twice', () => {
  it('a DELETE whose deletes KV refuses for the limit makes them again a second later', async () => {
    const { time, slots } = isolate();
    const store = limitedKv(time.clock);
    await slots.forSession(place(store.kv, time.later), 'del').write('page', page(1), source(1));
    store.state.deletesToRefuse = 3;
    let cleared = false;
    const clearing = slots.clear(store.kv, 'del').then(() => {
      cleared = true;
    });
    for (let i = 0; i < 5 && !cleared; i++) await time.advance(WRITE_GAP_MS);
    await clearing;
    expect([...store.values.keys()].filter((k) => !k.startsWith('kept-by:'))).toEqual([]);
  });

  it('a session ended within a second of its initialize waits out the limit and is ended', async () => {
    const time = handClock();
    const store = limitedKv(time.clock);
    const id = issueSessionId();
    await recordIssued(store.kv, id);
    time.clock.t += 200;
    await endIfIssued(store.kv, id, async (ms) => {
      time.clock.t += ms;
    });
    expect(await hasEnded(store.kv, id)).toBe(true);
    expect(store.state.refused).toBe(1);
  });

  it('a render key another isolate stored a moment ago is read back when KV refuses this one', async () => {
    const theirs = 'a'.repeat(64);
    let stored: string | null = null;
    const kv = {
      get: async () => stored,
      put: async () => {
        stored = theirs; // the other isolate's write landed first
        throw new Error('KV PUT failed: 429 Too Many Requests');
      },
    } as unknown as KVNamespace;
    const mine = await new RenderKeys().mac(kv, undefined, 'message');
    const expected = await new RenderKeys().mac(
      { get: async () => theirs } as unknown as KVNamespace,
      undefined,
      'message',
    );
    expect(mine).toBe(expected);
  });
});
