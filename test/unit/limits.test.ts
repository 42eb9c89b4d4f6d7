import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonBody } from '../../src/core/json.js';
import { DEFAULT_LIMITS, limitsFrom } from '../../src/core/limits.js';
import { bodyLimit } from '../../src/middleware/body-limit.js';
import { clientKey, rateLimit, takeToken } from '../../src/middleware/rate-limit.js';
import type { Refuser } from '../../src/middleware/refuse.js';
import { timeout, withinBudget } from '../../src/middleware/timeout.js';
import { postMcp } from '../helpers/http.js';

const refuse: Refuser = (c, status, error, headers = {}) => c.json({ refused: error.code }, status as 400, headers);

function appWith(mw: Parameters<Hono['use']>[1]) {
  const app = new Hono();
  app.use('*', mw);
  app.post('/', async (c) => c.json({ size: (await c.req.text()).length }));
  app.get('/slow/:ms', async (c) => { await new Promise((r) => setTimeout(r, Number(c.req.param('ms')))); return c.json({ done: true }); });
  return app;
}

describe('body limit', () => {
  const app = appWith(bodyLimit(refuse, 100));
  const send = (body: string | ReadableStream, headers: Record<string, string> = {}) =>
    app.request('/', { method: 'POST', body, headers, ...(typeof body === 'string' ? {} : { duplex: 'half' }) } as RequestInit);
  const stream = (n: number) => new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('x'.repeat(n))); c.close(); } });
  it.each([[100, 200], [101, 413], [10_000, 413]])('with Content-Length: %i bytes -> %i', async (n, status) => {
    expect((await send('x'.repeat(n))).status).toBe(status);
  });
  it.each([[100, 200], [101, 413], [100_000, 413]])('streamed without Content-Length: %i bytes -> %i', async (n, status) => {
    expect((await send(stream(n))).status).toBe(status);
  });
  it('a malformed Content-Length is 400', async () => {
    expect((await send('x', { 'content-length': 'abc' })).status).toBe(400);
  });
  it('the real endpoint: just under 64 KiB passes, just over is 413', async () => {
    const envelope = (pad: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(pad) } });
    const base = envelope(0).length;
    expect((await postMcp(envelope(DEFAULT_LIMITS.bodyBytes - base))).status).toBe(200);
    expect((await postMcp(envelope(DEFAULT_LIMITS.bodyBytes - base + 1))).status).toBe(413);
  });
});

describe('JSON nesting', () => {
  const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
  it.each([[MAX_JSON_DEPTH, true], [MAX_JSON_DEPTH + 1, false], [10_000, false]])('depth %i accepted: %s', (n, ok) => {
    expect(parseJsonBody(nest(n)).ok).toBe(ok);
  });
  it('measures objects and arrays alike', () => {
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(jsonDepth(5)).toBe(0);
  });
});

describe('batch limit', () => {
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  it.each([[50, 200], [51, 400], [500, 400]])('%i entries -> %i', async (n, status) => {
    expect((await postMcp(Array.from({ length: n }, (_, i) => ping(i)))).status).toBe(status);
  });
});

describe('wall-clock budget', () => {
  const app = appWith(timeout(() => 50, refuse));
  it('answers within the budget', async () => {
    expect((await app.request('/slow/5')).status).toBe(200);
  });
  it('over the budget is 504 timeout', async () => {
    const r = await app.request('/slow/200');
    expect(r.status).toBe(504);
    expect(await r.json()).toEqual({ refused: 'timeout' });
  });
  it('withinBudget passes values through', async () => {
    await expect(withinBudget(Promise.resolve(3), 10)).resolves.toBe(3);
  });
});

describe('limits from wrangler vars', () => {
  it('uses the defaults and ignores junk', () => {
    expect(limitsFrom({})).toEqual(DEFAULT_LIMITS);
    expect(limitsFrom({ BATCH_LIMIT: 'x', BODY_LIMIT_BYTES: '-1' })).toEqual(DEFAULT_LIMITS);
    expect(limitsFrom({ BATCH_LIMIT: '10' }).batch).toBe(10);
  });
});

describe('rate limits', () => {
  it('keys on client IP and DTPR-Client, never on X-Forwarded-For', () => {
    const h = (m: Record<string, string>) => (n: string) => m[n];
    expect(clientKey(h({ 'cf-connecting-ip': '1.2.3.4', 'dtpr-client': ' agent-a ' }))).toBe('1.2.3.4|agent-a');
    expect(clientKey(h({ 'x-forwarded-for': '9.9.9.9' }))).toBe('local|anonymous');
  });
  it('a missing binding means no limit', async () => {
    expect(await takeToken({}, 'validate', 'k')).toBe(true);
    const app = new Hono<{ Bindings: Partial<Env> }>();
    app.use('*', rateLimit('resolve', refuse));
    app.get('/', (c) => c.text('ok'));
    for (let i = 0; i < 40; i++) expect((await app.request('/', {}, {})).status).toBe(200);
  });
  it('the real binding: the 31st validate-bucket call of a client is 429 with Retry-After; another client is served', async () => {
    const client = `rl-${crypto.randomUUID()}`;
    let first429 = 0;
    for (let i = 1; i <= 35 && !first429; i++) if (!(await takeToken(env, 'validate', client))) first429 = i;
    expect(first429).toBe(31);
    expect(await takeToken(env, 'validate', `other-${client}`)).toBe(true);
  });
  it('over /mcp: a refused single request is 429 + Retry-After, JSON-RPC shaped; another DTPR-Client is not refused', async () => {
    const client = `rl-${crypto.randomUUID()}`;
    for (let b = 0; b < 6; b++) {
      const batch = await postMcp(Array.from({ length: 50 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })), { 'dtpr-client': client });
      expect(batch.json.every((r: any) => r.result)).toBe(true);
    }
    const last = await postMcp({ jsonrpc: '2.0', id: 300, method: 'ping' }, { 'dtpr-client': client });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('60');
    expect(last.json).toMatchObject({ jsonrpc: '2.0', id: 300, error: { code: -32000, data: { code: 'rate_limited', retryable: true } } });
    const tool = await postMcp({ jsonrpc: '2.0', id: 301, method: 'tools/call', params: { name: 'list_schema_versions', arguments: {} } }, { 'dtpr-client': client });
    expect(tool.status).toBe(200);
    expect(tool.headers.get('retry-after')).toBe('60');
    expect(tool.json.result).toMatchObject({ isError: true, structuredContent: { ok: false, errors: [{ code: 'rate_limited', retryable: true }] } });
    const other = await postMcp({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'dtpr-client': `${client}-b` });
    expect(other.status).toBe(200);
  });
});
