import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import type { AppEnv } from '../app-env.js';
import { parseJsonBody } from '../core/json.js';
import { policyOf } from '../core/errors.js';
import { StorageFailure, upstreamError } from '../core/storage.js';
import { limitsFrom } from '../core/limits.js';
import { publicOrigin } from '../core/request-url.js';
import { bodyLimit } from '../middleware/body-limit.js';
import { originGuard } from '../middleware/origin-guard.js';
import { rateKeys, RETRY_AFTER_SECONDS, takeToken } from '../middleware/rate-limit.js';
import type { Refuser } from '../middleware/refuse.js';
import type { McpContext } from './context.js';
import { dispatchOne } from './dispatch.js';
import { badSession, checkPostHeaders, type Framing } from './http-rules.js';
import { answerBatch } from './batch.js';
import { refusal, RPC, rpcError } from './jsonrpc.js';
import { preparedBytes, serializeResponse } from './serialize.js';
import { isolateSlots } from '../services/render/slot.js';
import { endIfIssued, FALLBACK_SESSION, hasEnded, isValidSessionId } from './session.js';

/** Middleware refusals on /mcp are JSON-RPC errors with id null. */
const refuseRpc: Refuser = (c, error, headers = {}) =>
  c.json(refusal(error), policyOf(error.code).status as 400, headers);

function send(
  c: Context,
  status: number,
  json: string | Uint8Array<ArrayBuffer>,
  framing: Framing,
  headers: Record<string, string> = {},
): Response {
  if (framing === 'sse') {
    return c.body(`event: message\ndata: ${json}\n\n`, status as 200, {
      ...headers,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
    });
  }
  return c.body(json, status as 200, { ...headers, 'Content-Type': 'application/json' });
}

/** The 404 for a request that names a session this server issued and then ended; else undefined. */
async function endedSession(c: Context<AppEnv>): Promise<Response | undefined> {
  const session = c.req.header('mcp-session-id');
  if (session === undefined) return undefined;
  try {
    if (!(await hasEnded(c.env.SESSIONS, session))) return undefined;
  } catch (error) {
    // Without the record the session is treated as open: a store hiccup must not end sessions.
    if (!(error instanceof StorageFailure)) throw error;
    return undefined;
  }
  return refuseRpc(c, {
    code: 'not_found',
    message: 'This session has ended (DELETE /mcp).',
    fix_hint: 'Start a new session: send initialize without an Mcp-Session-Id and use the id it answers with.',
  });
}

async function handlePost(c: Context<AppEnv>): Promise<Response> {
  const checked = checkPostHeaders((n) => c.req.header(n));
  if ('error' in checked) return refuseRpc(c, checked.error);
  const { framing } = checked;
  const ended = await endedSession(c);
  if (ended) return ended;
  const parsed = parseJsonBody(await c.req.text());
  if (!parsed.ok) {
    const code = parsed.reason === 'syntax' ? RPC.PARSE_ERROR : RPC.INVALID_REQUEST;
    return send(c, 400, serializeResponse(rpcError(null, code, parsed.message)), framing);
  }
  const clientSessionId = c.req.header('mcp-session-id');
  const limits = limitsFrom(c.env);
  const keys = rateKeys((n) => c.req.header(n));
  const ctx: McpContext = {
    env: c.env,
    clientSessionId,
    limits,
    seen: [],
    takeToken: (bucket) => takeToken(c.env, bucket, keys),
    tool: {
      store: c.get('store'),
      requestId: c.get('requestId'),
      sessionId: clientSessionId ?? FALLBACK_SESSION,
      origin: publicOrigin(c.env, c.req.url),
      env: c.env,
    },
  };
  const body = parsed.value;
  let status = 200;
  let out: string | Uint8Array<ArrayBuffer> | undefined;
  if (Array.isArray(body)) {
    if (body.length === 0 || body.length > limits.batch) {
      const why = body.length === 0 ? 'an empty batch' : `a batch of ${body.length} messages (at most ${limits.batch})`;
      return send(c, 400, serializeResponse(rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: ${why}.`)), framing);
    }
    out = await answerBatch(body, ctx, limits.batchAnswerBytes);
    if (!out) status = 204;
  } else {
    const r = await dispatchOne(body, ctx);
    if (!r) status = 202;
    else if ('error' in r && r.error.code === RPC.INVALID_REQUEST) status = 400;
    else if ('error' in r && ctx.rateLimited) status = 429;
    // A prepared read answer goes out as the bytes it keeps (SSE frames text, so it serialises).
    out = r ? ((framing === 'json' ? preparedBytes(r) : undefined) ?? serializeResponse(r)) : undefined;
  }
  c.set('rpc', ctx.seen);
  const headers: Record<string, string> = ctx.issuedSessionId ? { 'Mcp-Session-Id': ctx.issuedSessionId } : {};
  if (ctx.rateLimited) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  if (!out) return c.body(null, status as 202, headers);
  return send(c, status, out, framing, headers);
}

async function handleDelete(c: Context<AppEnv>): Promise<Response> {
  const session = c.req.header('mcp-session-id');
  if (session === undefined) {
    return refuseRpc(c, {
      code: 'bad_request',
      message: 'DELETE /mcp needs an Mcp-Session-Id header.',
      fix_hint: 'Send the session id whose rendered document should be cleared.',
    });
  }
  if (!isValidSessionId(session)) return refuseRpc(c, badSession());
  const ended = await endedSession(c);
  if (ended) return ended;
  try {
    await isolateSlots.clear(c.env.SESSIONS, session);
    await endIfIssued(c.env.SESSIONS, session);
  } catch (error) {
    if (!(error instanceof StorageFailure)) throw error;
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'storage_failure',
        method: 'DELETE',
        request_id: c.get('requestId'),
        error: error.message,
      }),
    );
    return refuseRpc(c, upstreamError(c.get('requestId')));
  }
  return c.body(null, 204);
}

function methodNotAllowed(c: Context): Response {
  return refuseRpc(
    c,
    {
      code: 'method_not_allowed',
      message: `Method ${c.req.method.slice(0, 16)} is not supported on /mcp; POST JSON-RPC messages instead.`,
      fix_hint: 'POST JSON-RPC messages to /mcp; DELETE ends a session.',
    },
    { Allow: 'POST, DELETE, OPTIONS' },
  );
}

/** The Streamable HTTP endpoint: POST JSON-RPC (single or batch), DELETE to clear a session. */
export function mcpRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', originGuard(refuseRpc));
  app.post(
    '/',
    bodyLimit(refuseRpc, (c) => limitsFrom(c.env).bodyBytes),
    handlePost,
  );
  app.delete('/', handleDelete);
  app.all('/', methodNotAllowed);
  return app;
}
