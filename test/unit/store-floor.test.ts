import { describe, expect, it } from 'vitest';
import { storeCalls } from '../../bench/floor/storage.mjs';
import { BodyCache } from '../../src/store/body-cache.js';
import { SessionSlots } from '../../src/store/sessions.js';
import { type KvCall, recorded } from '../helpers/recorded-kv.js';

/**
 * The load benchmark compares a render and a read with a floor that makes the same session-store
 * calls (bench/floor/storage.mjs). That floor is only a fair one while it mirrors the server: the
 * same operations on the same kinds of keys, in the same order and awaited together where the
 * server awaits them together, with the same expiries and values of the same lengths.
 */
const shape = (calls: KvCall[]) =>
  calls.map((c) => ({
    op: c.op,
    kind: c.key.slice(0, c.key.indexOf(':')),
    ttl: c.ttl,
    bytes: c.bytes,
    inFlight: c.inFlight,
  }));

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

describe('the benchmark floor that makes the session-store calls', () => {
  it('makes the calls a kept render and a read of the page make, in order, with values of the same lengths', async () => {
    const page = `<!doctype html><html><body>${'p\u00e9'.repeat(2500)}</body></html>`;
    const source = JSON.stringify({ title: [{ locale: 'en', value: 'A datachain' }], elements: [] });
    const session = `floor-${crypto.randomUUID()}`;

    const server = recorded();
    const slots = new SessionSlots({ cache: new BodyCache(1 << 20) });
    // A render key secret: the generated key is read from the store once per isolate, not per render.
    const place = { kv: server.kv, address: 'floor-test', quota: { count: 1e9, bytes: 1e12 }, renderKey: 'k' };
    await slots.forSession(place, session).write('page', page, source);
    const rendered = server.calls.length;
    expect((await slots.read(server.kv, session, 'page'))?.body).toBe(page);

    const floor = recorded();
    await storeCalls(floor.kv, 'render', bytes(page), bytes(source));
    expect(shape(floor.calls)).toEqual(shape(server.calls.slice(0, rendered)));
    const floorRendered = floor.calls.length;
    await storeCalls(floor.kv, 'read', bytes(page), bytes(source));
    expect(shape(floor.calls.slice(floorRendered))).toEqual(shape(server.calls.slice(rendered)));
  });
});
