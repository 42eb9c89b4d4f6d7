import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import type { SchemaStore } from '../../src/store/store.js';

const SECRET = 'r2://bucket/secret-key failed at loader.ts:42';
const broken: SchemaStore = {
  index: () => {
    throw new Error(SECRET);
  },
  release: () => {
    throw new Error(SECRET);
  },
};
const app = createApp({ store: () => broken });
const env = { SESSIONS: {} } as unknown as Env;

afterEach(() => vi.restoreAllMocks());

async function send(path: string, init: RequestInit = {}) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const r = await app.request(
    path,
    { ...init, headers: { 'content-type': 'application/json', 'x-request-id': 'fault-1', ...(init.headers ?? {}) } },
    env,
  );
  return { status: r.status, text: await r.text() };
}
const rpc = (method: string, params: unknown) =>
  send('/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });

describe('faults never leak internals', () => {
  it('a tool that hits a fault answers internal_error with isError, retryable, and the request id', async () => {
    const r = await rpc('tools/call', { name: 'list_schema_versions', arguments: {} });
    expect(r.status).toBe(200);
    const { result } = JSON.parse(r.text);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      errors: [{ code: 'internal_error', retryable: true }],
      meta: { request_id: 'fault-1' },
    });
    expect(result.structuredContent.errors[0].fix_hint).toContain('fault-1');
    expect(r.text).not.toContain('secret');
  });
  it('a protocol method that hits a fault answers -32603 with only the request id', async () => {
    const r = await rpc('completion/complete', {
      ref: { type: 'ref/prompt', name: 'draft_datachain' },
      argument: { name: 'version', value: 'ai' },
    });
    expect(JSON.parse(r.text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'Internal error', data: { request_id: 'fault-1' } },
    });
  });
  it('a REST route that hits a fault answers the envelope with the policy status', async () => {
    const r = await send('/api/v2/schemas/ai@latest/elements');
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text)).toMatchObject({
      ok: false,
      errors: [{ code: 'internal_error', retryable: true }],
      meta: { request_id: 'fault-1' },
    });
    expect(r.text).not.toContain('secret');
  });
});
