import * as z from 'zod';
import { refused, type Envelope, type Outcome } from '../core/envelope.js';
import { budgetFor } from '../core/limits.js';
import { timeoutError } from '../core/deadline.js';
import { BudgetExceeded, withinBudget } from '../middleware/timeout.js';
import { rateLimitedError } from '../middleware/rate-limit.js';
import { invokeCached } from '../tools/answer-cache.js';
import { PreparedAnswer } from '../tools/prepared.js';
import { TOOL_DESCRIPTORS } from '../tools/descriptors.js';
import { findTool } from '../tools/registry.js';
import type { MethodHandler } from './context.js';
import { SerializedEnvelope } from './serialize.js';
import { InvalidParams } from './jsonrpc.js';
import { parseParams } from './params.js';
import { singlePage } from './single-page.js';

const CallParams = z.looseObject({ name: z.string().min(1), arguments: z.unknown().optional() });

export const listTools: MethodHandler = (params) => {
  singlePage(params, 'tools/list');
  return { tools: TOOL_DESCRIPTORS };
};

/** The MCP wrapping of an envelope: the same JSON as text and as structured content, serialised once. */
function wrapEnvelope(envelope: Envelope, hard: boolean, extra: Record<string, unknown> = {}) {
  const text = JSON.stringify(envelope);
  return {
    content: [{ type: 'text', text }],
    structuredContent: new SerializedEnvelope(text),
    ...(hard ? { isError: true } : {}),
    ...extra,
  };
}

/** The MCP wrapping of a prepared answer: nothing is serialised again but the request id. */
function wrapPrepared(prepared: PreparedAnswer, requestId: string) {
  const text = prepared.json(requestId);
  return {
    content: [{ type: 'text', text }],
    structuredContent: new SerializedEnvelope(text, { answer: prepared, requestId }),
    ...prepared.mcp,
  };
}

export const callTool: MethodHandler = async (params, ctx) => {
  const p = parseParams(CallParams, params);
  const tool = findTool(p.name);
  if (!tool) {
    throw new InvalidParams({
      code: 'not_found',
      message: `Unknown tool '${p.name.slice(0, 64)}'.`,
      path: 'params.name',
      fix_hint: `Call tools/list; available tools: ${TOOL_DESCRIPTORS.map((t) => t.name).join(', ')}.`,
    });
  }
  ctx.seen.push(`tools/call:${tool.name}`);
  let outcome: Outcome;
  if (!(await ctx.takeToken(tool.bucket))) {
    ctx.rateLimited = true;
    outcome = refused(rateLimitedError(tool.bucket));
  } else {
    const budget = budgetFor(ctx.limits, tool.bucket);
    const pending = invokeCached(tool, p.arguments, ctx.tool);
    if (pending instanceof PreparedAnswer) return wrapPrepared(pending, ctx.tool.requestId);
    // Only a tool that awaits can outlive its budget; synchronous answers need no race.
    outcome =
      pending instanceof Promise
        ? await withinBudget(pending, budget).catch((e: unknown) => {
            if (e instanceof BudgetExceeded) return refused(timeoutError(budget));
            throw e;
          })
        : pending;
  }
  outcome.envelope.meta.request_id = ctx.tool.requestId;
  return wrapEnvelope(outcome.envelope, outcome.hard, outcome.mcp);
};
