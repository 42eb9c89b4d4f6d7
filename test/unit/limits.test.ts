import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { policyOf } from '../../src/core/errors.js';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonBody } from '../../src/core/json.js';
import { DEFAULT_LIMITS, limitsFrom } from '../../src/core/settings.js';
import { bodyLimit } from '../../src/middleware/guards.js';
import * as z from 'zod';
import type { Refuser } from '../../src/app-env.js';
import { BudgetExceeded, withinBudget } from '../../src/core/deadline.js';
import { ok } from '../../src/core/envelope.js';
import { rateKeys, takeToken, tokenTaker } from '../../src/core/rate.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { defineTool } from '../../src/tools/kernel/define.js';
import { invoke } from '../../src/tools/kernel/invoke.js';
import { asTool } from '../../src/tools/kernel/registry.js';
import { directCaller } from '../helpers/in-process.js';
import { postMcp } from '../helpers/http.js';
import { countingLimiter, fetchLimited } from '../helpers/rate.js';

const refuse: Refuser = (c, error, headers = {}) =>
  c.json({ refused: error.code }, policyOf(error.code).status as 400, headers);

function appWith(mw: Parameters<Hono['use']>[1]) {
  const app = new Hono();
  app.use('*', mw);
  app.post('/', async (c) => c.json({ size: (await c.req.text()).length }));
  app.get('/slow/:ms', async (c) => {
    await new Promise((r) => setTimeout(r, Number(c.req.param('ms'))));
    return c.json({ done: true });
  });
  return app;
}

describe('body limit', () => {
  const app = appWith(bodyLimit(refuse, 100));
  const send = (body: string | ReadableStream, headers: Record<string, string> = {}) =>
    app.request('/', {
      method: 'POST',
      body,
      headers,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);
  const stream = (n: number) =>
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('x'.repeat(n)));
        c.close();
      },
    });
  it.each([
    [100, 200],
    [101, 413],
    [10_000, 413],
  ])('with Content-Length: %i bytes -> %i', async (n, status) => {
    expect((await send('x'.repeat(n))).status).toBe(status);
  });
  it.each([
    [100, 200],
    [101, 413],
    [100_000, 413],
  ])('streamed without Content-Length: %i bytes -> %i', async (n, status) => {
    expect((await send(stream(n))).status).toBe(status);
  });
  it('a malformed Content-Length is 400', async () => {
    expect((await send('x', { 'content-length': 'abc' })).status).toBe(400);
  });
  it('the real endpoint: just under 64 KiB passes, just over is 413', async () => {
    const envelope = (pad: number) =>
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(pad) } });
    const base = envelope(0).length;
    expect((await postMcp(envelope(DEFAULT_LIMITS.bodyBytes - base))).status).toBe(200);
    expect((await postMcp(envelope(DEFAULT_LIMITS.bodyBytes - base + 1))).status).toBe(413);
  });
});

describe('JSON nesting', () => {
  const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
  it.each([
    [MAX_JSON_DEPTH, true],
    [MAX_JSON_DEPTH + 1, false],
    [10_000, false],
  ])('depth %i accepted: %s', (n, ok) => {
    expect(parseJsonBody(nest(n)).error === undefined).toBe(ok);
  });
  it('measures objects and arrays alike', () => {
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(jsonDepth(5)).toBe(0);
  });
});

describe('batch limit', () => {
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  it.each([
    [50, 200],
    [51, 400],
    [500, 400],
  ])('%i entries -> %i', async (n, status) => {
    expect((await postMcp(Array.from({ length: n }, (_, i) => ping(i)))).status).toBe(status);
  });
});

describe('wall-clock budget of a call that awaits', () => {
  const waiting = (ms: number) =>
    asTool(
      defineTool({
        name: 'list_schema_versions',
        title: 'waits',
        description: 'Waits, then answers.',
        input: z.strictObject({}),
        output: z.object({ done: z.boolean() }),
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
        bucket: 'read',
        soft: [],
        async run() {
          await new Promise((r) => setTimeout(r, ms));
          return ok({ done: true });
        },
      }),
    );
  const caller = { ...directCaller(catalogueStore()), limits: { ...DEFAULT_LIMITS, readBudgetMs: 50 } };
  it('answers within the budget', async () => {
    expect(await invoke(waiting(5), {}, caller)).toMatchObject({ envelope: { ok: true } });
  });
  it('over the budget answers timeout, retryable, with the 504 policy status', async () => {
    const outcome = await invoke(waiting(400), {}, caller);
    expect(outcome).toMatchObject({ hard: true, status: 504, envelope: { ok: false, errors: [{ code: 'timeout' }] } });
  });
  it('withinBudget passes values through and rejects past its time', async () => {
    await expect(withinBudget(Promise.resolve(3), 10)).resolves.toBe(3);
    await expect(withinBudget(new Promise(() => {}), 10)).rejects.toBeInstanceOf(BudgetExceeded);
  });
});

describe('limits from wrangler vars', () => {
  it('uses the defaults and ignores junk', () => {
    expect(limitsFrom({})).toEqual(DEFAULT_LIMITS);
    expect(limitsFrom({ BATCH_LIMIT: 'x', BODY_LIMIT_BYTES: '-1' })).toEqual(DEFAULT_LIMITS);
    expect(limitsFrom({ BATCH_LIMIT: '10' }).batch).toBe(10);
  });
});

describe('rate limits (injected counting bindings)', () => {
  const json = { 'content-type': 'application/json' };
  const resolveBody = JSON.stringify({ elements: [] });
  const resolve = (bindings: Partial<Env>, headers: Record<string, string>) =>
    fetchLimited(bindings, '/api/v2/schemas/ai@latest/resolve', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: resolveBody,
    });

  it('keys on the client IP and IP + DTPR-Client, never on X-Forwarded-For', () => {
    const h = (m: Record<string, string>) => (n: string) => m[n];
    expect(rateKeys({}, h({ 'cf-connecting-ip': '1.2.3.4', 'dtpr-client': ' agent-a ' }))).toEqual({
      ip: '1.2.3.4',
      client: '1.2.3.4|agent-a',
    });
    expect(rateKeys({}, h({ 'x-forwarded-for': '9.9.9.9' }))).toEqual({ ip: 'local', client: 'local|anonymous' });
  });
  it('rotating DTPR-Client does not bypass the address bucket: 40 names, 15 served', async () => {
    const bindings = { RL_RESOLVE_IP: countingLimiter(15), RL_RESOLVE: countingLimiter(15) };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await resolve(bindings, { 'cf-connecting-ip': '10.0.0.1', 'dtpr-client': `agent-${i}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.slice(15).every((s) => s === 429)).toBe(true);
    expect((await resolve(bindings, { 'cf-connecting-ip': '10.0.0.2', 'dtpr-client': 'agent-0' })).status).toBe(200);
  });
  it('under a raised address limit, each client is held to its own bucket', async () => {
    const bindings = { RL_RESOLVE_IP: countingLimiter(1000), RL_RESOLVE: countingLimiter(15) };
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++)
      statuses.push((await resolve(bindings, { 'cf-connecting-ip': '10.0.0.3', 'dtpr-client': 'busy' })).status);
    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
    expect(statuses[15]).toBe(429);
    expect((await resolve(bindings, { 'cf-connecting-ip': '10.0.0.3', 'dtpr-client': 'quiet' })).status).toBe(200);
  });
  it('a refusal by the address bucket does not use up a client token', async () => {
    const ipBucket = countingLimiter(0);
    const clientBucket = countingLimiter(1);
    await resolve({ RL_RESOLVE_IP: ipBucket, RL_RESOLVE: clientBucket }, { 'cf-connecting-ip': '10.0.0.4' });
    expect(clientBucket.calls.size).toBe(0);
  });
  it('REST: 429 with Retry-After and a hint that does not suggest another client name', async () => {
    const r = await resolve({ RL_RESOLVE_IP: countingLimiter(0) }, { 'cf-connecting-ip': '10.0.0.5' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('60');
    const body = (await r.json()) as any;
    expect(body.errors[0]).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(body.errors[0].fix_hint).not.toMatch(/DTPR-Client/i);
  });
  it('/mcp: a refused single request is 429 + Retry-After, JSON-RPC shaped; a refused tool call is isError', async () => {
    const bindings = { RL_READ_IP: countingLimiter(300) };
    const post = (body: unknown) =>
      fetchLimited(bindings, '/mcp', {
        method: 'POST',
        headers: { ...json, 'cf-connecting-ip': '10.0.0.6' },
        body: JSON.stringify(body),
      });
    for (let b = 0; b < 6; b++) {
      const batch = (await (
        await post(Array.from({ length: 50 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })))
      ).json()) as any[];
      expect(batch.every((r) => r.result)).toBe(true);
    }
    const last = await post({ jsonrpc: '2.0', id: 300, method: 'ping' });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBe('60');
    expect(await last.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 300,
      error: { code: -32000, data: { code: 'rate_limited', retryable: true } },
    });
    const tool = await post({
      jsonrpc: '2.0',
      id: 301,
      method: 'tools/call',
      params: { name: 'list_schema_versions', arguments: {} },
    });
    expect(tool.status).toBe(200);
    expect(tool.headers.get('retry-after')).toBe('60');
    expect(((await tool.json()) as any).result).toMatchObject({
      isError: true,
      structuredContent: { ok: false, errors: [{ code: 'rate_limited', retryable: true }] },
    });
  });
  it('an MCP tool draws from the bucket of its REST twin', async () => {
    const validate = countingLimiter(1);
    const headers = { ...json, 'cf-connecting-ip': '10.0.0.7' };
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'validate_datachain', arguments: { version: 'ai@latest', datachain: { elements: [] } } },
    };
    expect(
      (await fetchLimited({ RL_VALIDATE: validate }, '/mcp', { method: 'POST', headers, body: JSON.stringify(call) }))
        .status,
    ).toBe(200);
    const rest = await fetchLimited({ RL_VALIDATE: validate }, '/api/v2/schemas/ai@latest/validate', {
      method: 'POST',
      headers,
      body: resolveBody,
    });
    expect(rest.status).toBe(429);
  });
  it('RATE_LIMIT "off" and missing bindings mean no limit', async () => {
    expect(
      await takeToken({ RATE_LIMIT: 'off', RL_VALIDATE: countingLimiter(0) }, 'validate', { ip: 'a', client: 'a|b' }),
    ).toBe(true);
    expect(await takeToken({}, 'validate', { ip: 'a', client: 'a|b' })).toBe(true);
    const take = tokenTaker({}, () => undefined);
    for (let i = 0; i < 40; i++) expect(await take('resolve')).toBe(true);
  });
});
