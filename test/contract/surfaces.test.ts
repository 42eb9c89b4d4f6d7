import { describe, expect, it } from 'vitest';
import { callTool } from '../helpers/http.js';
import { DATACHAIN_CASES, ERROR_CASES, READ_CASES, VALID_DATACHAIN } from './cases.js';
import { runThreeWays } from './three-ways.js';

// Every case of the table runs three ways: MCP in the 2025 era, MCP 2026-07-28, and REST
// (test/contract/three-ways.ts); all must answer the same envelope.

describe('reads: the three ways answer the same envelope', () => {
  it.each(READ_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { mcp, rest: r } = await runThreeWays(c);
    expect(mcp.isError).toBeUndefined();
    expect(r.json.ok).toBe(true);
  });
  it('following next_cursor gives the same pages every way', async () => {
    const first = await runThreeWays(READ_CASES.find((c) => c.name === 'elements, first page')!);
    const cursor = first.rest.json.meta.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    await runThreeWays({
      name: 'second page',
      tool: 'list_elements',
      args: { version: 'ai@2026-08-12', limit: 7, cursor },
      rest: { path: `/api/v2/schemas/ai@2026-08-12/elements?limit=7&cursor=${encodeURIComponent(cursor)}` },
    });
  });
});

describe('errors: the same envelope, REST status from the policy table', () => {
  it.each(ERROR_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { mcp, rest: r } = await runThreeWays(c);
    expect(mcp.isError).toBe(true);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('datachains: the same envelope, 200 for every semantic answer', () => {
  it.each(DATACHAIN_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { rest: r } = await runThreeWays(c);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
  it('validate_resolved of a resolve answer', async () => {
    const resolved = await callTool('resolve_datachain', { version: 'ai@2026-08-12', datachain: VALID_DATACHAIN });
    expect(resolved.structuredContent.ok).toBe(true);
    const data = resolved.structuredContent.data;
    const { rest: r } = await runThreeWays({
      name: 'round trip',
      tool: 'validate_resolved',
      args: { version: 'ai@2026-08-12', datachain: data },
      rest: { path: '/api/v2/schemas/ai@2026-08-12/validate_resolved', body: data },
    });
    expect(r.json.data.ok).toBe(true);
  });
});
