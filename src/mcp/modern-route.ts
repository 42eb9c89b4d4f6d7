import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { RETRY_AFTER_SECONDS, tokenTaker } from '../core/rate.js';
import { limitsFrom, publicOrigin } from '../core/settings.js';
import type { SessionSlots } from '../services/render/slot.js';
import type { McpContext } from './context.js';
import { dispatchRequest } from './dispatch.js';
import { serializeResponse } from './encode.js';
import { checkModernRequest, META, modernStatus } from './era.js';
import { classifyMessage, RPC, type RpcResponse, result, rpcError } from './jsonrpc.js';
import { MODERN_METHODS, modernResult } from './modern.js';
import { SERVER_INFO } from './protocol.js';

/** The context of a 2026-07-28 request: no session; a render is kept by its hash, readable by any later request. */
export function modernContext(c: Context<AppEnv>, slots: SessionSlots): McpContext {
  const limits = limitsFrom(c.env);
  return {
    limits,
    sessionRecords: c.env.SESSIONS,
    website: c.env.PUBLIC_ORIGIN ? publicOrigin(c.env, c.req.url) : undefined,
    caller: {
      store: c.get('store'),
      sessions: slots.withoutSession(c.env.SESSIONS),
      limits,
      origin: publicOrigin(c.env, c.req.url),
      requestId: c.get('requestId'),
      takeToken: tokenTaker(c.env, (n) => c.req.header(n)),
    },
  };
}

/** What the route sends for one 2026-07-28 message. */
export interface ModernAnswer {
  status: 200 | 202 | 400 | 404 | 429;
  /** Absent for 202. A string is an already framed SSE stream (subscriptions/listen). */
  body?: RpcResponse | string;
  headers: Record<string, string>;
  label?: string;
}

/**
 * subscriptions/listen on a server with no change notifications: the stream acknowledges the
 * subscription with no notification type accepted, then ends it at once with its result.
 */
function listen(id: string | number): ModernAnswer {
  const subscription = { 'io.modelcontextprotocol/subscriptionId': id };
  const ack = {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: subscription, notifications: {} },
  };
  const end = result(id, { resultType: 'complete', _meta: { ...subscription, [META.serverInfo]: SERVER_INFO } });
  const events = [JSON.stringify(ack), serializeResponse(end)].map((d) => `event: message\ndata: ${d}\n\n`).join('');
  return {
    status: 200,
    body: events,
    headers: { 'X-Accel-Buffering': 'no' },
    label: 'subscriptions/listen',
  };
}

/** Answers one 2026-07-28 message: the revision's header rules, its methods, and decorated results. */
export async function answerModern(
  body: unknown,
  header: (name: string) => string | undefined,
  ctx: McpContext,
): Promise<ModernAnswer> {
  const message = classifyMessage(body);
  if (message.kind === 'invalid') return { status: 400, body: message.response, headers: {} };
  if (message.kind === 'response') {
    const why = 'a client may not send JSON-RPC responses to this server (2026-07-28 has no server requests).';
    return { status: 400, body: rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: ${why}`), headers: {} };
  }
  if (message.kind === 'notification') return { status: 202, headers: {} };
  const { id, method, params } = message.msg;
  const refusal = checkModernRequest(id, method, params, header);
  if (refusal) return { status: refusal.status as 400, body: refusal.response, headers: {}, label: method };
  if (method === 'subscriptions/listen') return listen(id);
  const told = await dispatchRequest(message.msg, ctx, MODERN_METHODS);
  const response = told.response!;
  const answer =
    'result' in response ? result(response.id, modernResult(method, params, response.result, ctx)) : response;
  const headers: Record<string, string> = told.rateLimited ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
  return { status: modernStatus(answer, told.rateLimited) as 200, body: answer, headers, label: told.label ?? method };
}
