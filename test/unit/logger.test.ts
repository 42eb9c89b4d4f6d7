import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { flushLogs } from '../../src/middleware/logger.js';

afterEach(() => vi.restoreAllMocks());

/** Runs requests through the app without an execution context, so every line is written at once. */
async function linesOf(requests: Request[]): Promise<Record<string, unknown>[]> {
  const app = createApp();
  const writes: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: string) => {
    writes.push(text);
  });
  for (const r of requests) await (await app.request(r, undefined, { SESSIONS: {} } as unknown as Env)).text();
  flushLogs();
  return writes.flatMap((w) => w.split('\n')).map((l) => JSON.parse(l));
}

describe('request log', () => {
  it('writes one JSON line per request with method, path, rpc, status, duration, request id and a session hash', async () => {
    const secret = 'session-secret-value';
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_schema_versions', arguments: {} },
    });
    const lines = await linesOf([
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'mcp-session-id': secret, 'x-request-id': 'req-1' },
      }),
      new Request('http://127.0.0.1/healthz'),
      new Request('http://127.0.0.1/api/v2/nope'),
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: 'info',
      method: 'POST',
      path: '/mcp',
      rpc: ['tools/call:list_schema_versions'],
      status: 200,
      request_id: 'req-1',
      session: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    expect(lines[0]!.duration_ms).toEqual(expect.any(Number));
    expect(lines[1]).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
    expect(lines[2]).toMatchObject({ path: '/api/v2/nope', status: 404 });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(secret);
    expect(all).not.toContain('jsonrpc');
  });
});

describe('issued request ids', () => {
  it('differ on every request, and a client may send one back as its own (it is well formed)', async () => {
    const app = createApp();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await app.request('/healthz')).headers.get('x-request-id')!);
    expect(new Set(ids).size).toBe(ids.length);
    const echoed = await app.request('/healthz', { headers: { 'x-request-id': ids[7]! } });
    expect(echoed.headers.get('x-request-id')).toBe(ids[7]);
  });
});
