import { expect } from 'vitest';
import { policyOf, type ErrorCode } from '../../src/core/errors.js';
import { toolNamed } from '../../src/tools/kernel/registry.js';
import { normalise } from '../golden/cases.js';
import { callTool, type ToolResult } from '../helpers/http.js';
import { modern } from '../helpers/modern.js';
import { postJson, rest, type RestReply } from '../rest/helpers.js';
import type { SurfaceCase } from './cases.js';

/** What one case answered each way. */
export interface ThreeAnswers {
  /** The tools/call result of a 2025-era request. */
  mcp: ToolResult;
  /** The tools/call result of a 2026-07-28 request (one message, the revision's headers). */
  modern: ToolResult & { resultType?: string };
  rest: RestReply;
}

let client = 0;
/** A fresh DTPR-Client per call, so the suite never meets a rate limit. */
const nextClient = () => ({ 'dtpr-client': `contract-${client++}` });

async function modernCall(c: SurfaceCase): Promise<ThreeAnswers['modern']> {
  const r = await modern('tools/call', { name: c.tool, arguments: c.args }, nextClient());
  if (r.status !== 200 || !r.json?.result)
    throw new Error(`2026-07-28 tools/call ${c.tool} failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json.result;
}

/** Sends one case as a 2025-era MCP call, a 2026-07-28 MCP call and a REST request, in that order. */
async function sendThreeWays(c: SurfaceCase): Promise<ThreeAnswers> {
  const mcp = await callTool(c.tool, c.args, nextClient());
  const modernResult = await modernCall(c);
  const r = c.rest.body === undefined ? await rest(c.rest.path) : await postJson(c.rest.path, c.rest.body);
  return { mcp, modern: modernResult, rest: r };
}

/**
 * Sends one case the three ways and checks they agree: the same envelope (request ids aside), the
 * same isError on both MCP eras, the 2026-07-28 result marked complete with the server identity,
 * and the REST status from the policy table of the first hard error (200 without one).
 */
export async function runThreeWays(c: SurfaceCase): Promise<ThreeAnswers> {
  const answers = await sendThreeWays(c);
  const { mcp, modern: m, rest: r } = answers;
  expect(r.json, `${c.rest.path} answered ${r.status} ${r.text.slice(0, 200)}`).toBeDefined();
  expect(normalise(r.json), 'REST and MCP 2025').toEqual(normalise(mcp.structuredContent));
  expect(normalise(m.structuredContent), 'MCP 2026-07-28 and MCP 2025').toEqual(normalise(mcp.structuredContent));
  expect(m.isError).toBe(mcp.isError);
  expect(m.resultType).toBe('complete');
  expect(m._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'dtpr-server' });
  expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
  for (const envelope of [mcp.structuredContent, m.structuredContent])
    expect(envelope.meta.request_id).toEqual(expect.any(String));
  const soft = toolNamed(c.tool).softCodes;
  const firstHard = mcp.isError
    ? mcp.structuredContent.errors.find((e: { code: ErrorCode }) => !soft.has(e.code))
    : undefined;
  expect(r.status).toBe(firstHard ? policyOf(firstHard.code).status : 200);
  if (r.json.meta.content_hash) expect(r.headers.get('dtpr-content-hash')).toBe(r.json.meta.content_hash);
  return answers;
}
