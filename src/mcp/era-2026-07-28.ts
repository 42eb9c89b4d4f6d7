import { badRequest } from '../core/error-catalogue.js';
import { RETRY_AFTER_SECONDS } from '../core/rate.js';
import type { MethodHandler } from './context.js';
import { dispatchRequest, SHARED_METHODS } from './dispatch.js';
import { serializeResponse } from './encode.js';
import type { Era, EraAnswer } from './era.js';
import { checkModernRequest, isModern, isModernBatch, META, MODERN_VERSION } from './era-2026-07-28-rules.js';
import { discover, modernResult } from './era-2026-07-28-results.js';
import { classifyMessage, invalidMessage, RPC, type RpcResponse, refusal, result } from './jsonrpc.js';
import { SERVER_INFO } from './protocol.js';
import { requestContext } from './request-context.js';

/**
 * The 2026-07-28 methods: `initialize`, `ping` and `logging/setLevel` are gone from this revision
 * (a request for them is 404 -32601); `subscriptions/listen` is answered by `answer` itself.
 */
const METHODS: Record<string, MethodHandler> = { 'server/discover': discover, ...SHARED_METHODS };

/** A JSON array of 2026-07-28 messages: -32600, HTTP 400. */
const ONE_PER_POST = badRequest({
  message: `Invalid Request: revision ${MODERN_VERSION} takes one message per POST, not a JSON array (batch).`,
  fix_hint: 'Send each message in its own POST, or use the initialize handshake of a 2025 revision to send batches.',
});

/**
 * subscriptions/listen on a server with no change notifications: the stream acknowledges the
 * subscription with no notification type accepted, then ends it at once with its result.
 */
function listen(id: string | number): EraAnswer {
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
    stream: true,
    headers: { 'X-Accel-Buffering': 'no' },
    labels: ['subscriptions/listen'],
  };
}

/** HTTP status of a 2026-07-28 answer: 404 for an unknown method, 400 for an invalid request, 429 for rate. */
function status(response: RpcResponse, rateLimited: boolean | undefined): number {
  if (!('error' in response)) return 200;
  if (response.error.code === RPC.METHOD_NOT_FOUND) return 404;
  if (response.error.code === RPC.INVALID_REQUEST) return 400;
  return rateLimited ? 429 : 200;
}

/**
 * The 2026-07-28 era: no handshake and no session. Each POST is one message that names its
 * revision in `params._meta` and in headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`); a
 * render is kept by the hash of its content and linked by a handle any later request reads.
 */
export const ERA_2026_07_28: Era = {
  name: '2026-07-28',
  requestHeaders: ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'],
  claims: (body, header) => {
    const version = header('mcp-protocol-version');
    return isModern(body, version) || isModernBatch(body, version);
  },
  context: (c, slots) => requestContext(c, (place) => slots.withoutSession(place)),
  methods: METHODS,
  ownMethods: ['subscriptions/listen'],
  stamp: modernResult,
  async answer(body, header, context) {
    if (Array.isArray(body)) return { status: 400, body: refusal(ONE_PER_POST), headers: {}, labels: [] };
    const message = classifyMessage(body);
    if (message.kind === 'invalid') return { status: 400, body: message.response, headers: {}, labels: [] };
    if (message.kind === 'response') {
      const why = 'a client may not send JSON-RPC responses to this server (2026-07-28 has no server requests).';
      const refused = invalidMessage(
        null,
        `Invalid Request: ${why}`,
        '',
        'Send requests only; a result or error object from the client has nothing to answer here.',
      );
      return { status: 400, body: refused, headers: {}, labels: [] };
    }
    if (message.kind === 'notification') return { status: 202, headers: {}, labels: [] };
    const { id, method, params } = message.msg;
    const refused = checkModernRequest(id, method, params, header);
    if (refused) return { status: refused.status, body: refused.response, headers: {}, labels: [method] };
    if (method === 'subscriptions/listen') return listen(id);
    const told = await dispatchRequest(message.msg, context(), ERA_2026_07_28);
    const response = told.response!;
    const headers: Record<string, string> = told.rateLimited ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
    return { status: status(response, told.rateLimited), body: response, headers, labels: [told.label ?? method] };
  },
};
