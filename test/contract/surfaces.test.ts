import { describe, expect, it } from 'vitest';
import { policyOf, type ErrorCode } from '../../src/core/errors.js';
import { toolNamed, type ToolName } from '../../src/tools/kernel/registry.js';
import { normalise } from '../golden/cases.js';
import { callTool } from '../helpers/http.js';
import { postJson, rest } from '../rest/helpers.js';
import { DATACHAIN_CASES, ERROR_CASES, READ_CASES, VALID_DATACHAIN, type SurfaceCase } from './cases.js';

let client = 0;
/** A fresh DTPR-Client per MCP call, so the suite never meets a rate limit. */
const mcpCall = (tool: ToolName, args: unknown) => callTool(tool, args, { 'dtpr-client': `contract-${client++}` });

/** Runs one case through both surfaces and checks they answer the same envelope with matching status. */
async function runBoth(c: SurfaceCase) {
  const mcp = await mcpCall(c.tool, c.args);
  const r = c.rest.body === undefined ? await rest(c.rest.path) : await postJson(c.rest.path, c.rest.body);
  expect(r.json, `${c.rest.path} answered ${r.status} ${r.text.slice(0, 200)}`).toBeDefined();
  expect(normalise(r.json)).toEqual(normalise(mcp.structuredContent));
  expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
  expect(mcp.structuredContent.meta.request_id).toEqual(expect.any(String));
  const soft = toolNamed(c.tool).softCodes;
  const firstHard = mcp.isError
    ? mcp.structuredContent.errors.find((e: { code: ErrorCode }) => !soft.has(e.code))
    : undefined;
  const expected = firstHard ? policyOf(firstHard.code).status : 200;
  expect(r.status).toBe(expected);
  if (r.json.meta.content_hash) expect(r.headers.get('dtpr-content-hash')).toBe(r.json.meta.content_hash);
  return { mcp, rest: r };
}

describe('reads: MCP and REST answer the same envelope', () => {
  it.each(READ_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { mcp, rest: r } = await runBoth(c);
    expect(mcp.isError).toBeUndefined();
    expect(r.json.ok).toBe(true);
  });
  it('following next_cursor gives the same pages on both surfaces', async () => {
    const first = await runBoth(READ_CASES.find((c) => c.name === 'elements, first page')!);
    const cursor = first.rest.json.meta.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    await runBoth({
      name: 'second page',
      tool: 'list_elements',
      args: { version: 'ai@2026-08-12', limit: 7, cursor },
      rest: { path: `/api/v2/schemas/ai@2026-08-12/elements?limit=7&cursor=${encodeURIComponent(cursor)}` },
    });
  });
});

describe('errors: the same envelope, REST status from the policy table', () => {
  it.each(ERROR_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { mcp, rest: r } = await runBoth(c);
    expect(mcp.isError).toBe(true);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('datachains: the same envelope, 200 for every semantic answer', () => {
  it.each(DATACHAIN_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { rest: r } = await runBoth(c);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
  it('validate_resolved of a resolve answer', async () => {
    const resolved = await mcpCall('resolve_datachain', { version: 'ai@2026-08-12', datachain: VALID_DATACHAIN });
    expect(resolved.structuredContent.ok).toBe(true);
    const data = resolved.structuredContent.data;
    const { rest: r } = await runBoth({
      name: 'round trip',
      tool: 'validate_resolved',
      args: { version: 'ai@2026-08-12', datachain: data },
      rest: { path: '/api/v2/schemas/ai@2026-08-12/validate_resolved', body: data },
    });
    expect(r.json.data.ok).toBe(true);
  });
});
