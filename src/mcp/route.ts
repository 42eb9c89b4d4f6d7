import {
  badRequest,
  methodNotAllowed as methodNotAllowedError,
  notFound,
  upstreamError,
} from '../core/error-catalogue.js';
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import type { AppEnv } from '../app-env.js';
import { policyOf } from '../core/errors.js';
import { parseJsonBody } from '../core/json.js';
import { RETRY_AFTER_SECONDS, tokenTaker } from '../core/rate.js';
import { limitsFrom, publicOrigin } from '../core/settings.js';
import { StorageFailure } from '../core/storage.js';
import type { ErrorItem } from '../core/envelope.js';
import type { SessionSlots } from '../services/render/slot.js';
import { answerBatch } from './batch.js';
import type { McpContext } from './context.js';
import { type Dispatched, dispatchOne } from './dispatch.js';
import { CONTENT_TYPE, encodeAnswer, type Framing } from './encode.js';
import { badSession, checkLegacyHeaders, checkMediaHeaders, isModern } from './http-rules.js';

import { answerModern, modernContext } from './modern-route.js';
import { refusal, RPC, rpcError } from './jsonrpc.js';
import { endIfIssued, FALLBACK_SESSION, hasEnded, isValidSessionId } from './session.js';

/** A refusal on /mcp (transport rules, middleware): a JSON-RPC error with id null and the policy status of its code. */
export function refuseRpc(c: Context, error: ErrorItem, headers: Record<string, string> = {}): Response {
  return c.json(refusal(error), policyOf(error.code).status as 400, headers);
}

function send(
  c: Context,
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  framing: Framing,
  headers: Record<string, string> = {},
) {
  const out: Record<string, string> = { ...headers, 'Content-Type': CONTENT_TYPE[framing] };
  if (framing === 'sse') out['Cache-Control'] = 'no-store';
  return c.body(body as string, status as 200, out);
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
  return refuseRpc(
    c,
    notFound({
      message: 'This session has ended (DELETE /mcp).',
      fix_hint: 'Start a new session: send initialize without an Mcp-Session-Id and use the id it answers with.',
    }),
  );
}

/** Headers the messages of a request asked for: an issued session id, Retry-After after a rate refusal. */
function effectHeaders(effects: readonly Omit<Dispatched, 'response'>[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const e of effects) {
    if (e.session) headers['Mcp-Session-Id'] = e.session;
    if (e.rateLimited) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  }
  return headers;
}

function postHandler(slots: SessionSlots) {
  return async function handlePost(c: Context<AppEnv>): Promise<Response> {
    const header = (n: string) => c.req.header(n);
    const media = checkMediaHeaders(header);
    if ('error' in media) return refuseRpc(c, media.error);
    const { framing } = media;
    const parsed = parseJsonBody(await c.req.text());
    if (parsed.error) {
      const code = parsed.error.reason === 'syntax' ? RPC.PARSE_ERROR : RPC.INVALID_REQUEST;
      return send(c, 400, encodeAnswer(rpcError(null, code, parsed.error.message), framing), framing);
    }
    if (isModern(parsed.value, header('mcp-protocol-version'))) {
      const answer = await answerModern(parsed.value, header, modernContext(c, slots));
      c.set('rpc', answer.label ? [answer.label] : []);
      if (answer.body === undefined) return c.body(null, answer.status, answer.headers);
      if (typeof answer.body === 'string') return send(c, answer.status, answer.body, 'sse', answer.headers);
      return send(c, answer.status, encodeAnswer(answer.body, framing), framing, answer.headers);
    }
    const legacy = checkLegacyHeaders(header);
    if (legacy) return refuseRpc(c, legacy.error);
    const ended = await endedSession(c);
    if (ended) return ended;
    const clientSessionId = c.req.header('mcp-session-id');
    const limits = limitsFrom(c.env);
    const ctx: McpContext = {
      clientSessionId,
      limits,
      sessionRecords: c.env.SESSIONS,
      website: c.env.PUBLIC_ORIGIN ? publicOrigin(c.env, c.req.url) : undefined,
      caller: {
        store: c.get('store'),
        // Made on first use: most calls never touch the session.
        get sessions() {
          return slots.forSession(c.env.SESSIONS, clientSessionId ?? FALLBACK_SESSION);
        },
        limits,
        origin: publicOrigin(c.env, c.req.url),
        requestId: c.get('requestId'),
        takeToken: tokenTaker(c.env, (n) => c.req.header(n)),
      },
    };
    const body = parsed.value;
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > limits.batch) {
        const why =
          body.length === 0 ? 'an empty batch' : `a batch of ${body.length} messages (at most ${limits.batch})`;
        return send(
          c,
          400,
          encodeAnswer(rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: ${why}.`), framing),
          framing,
        );
      }
      const { json, effects } = await answerBatch(body, ctx, limits.batchAnswerBytes);
      c.set(
        'rpc',
        effects.flatMap((e) => (e.label ? [e.label] : [])),
      );
      const headers = effectHeaders(effects);
      return json === undefined
        ? c.body(null, 204, headers)
        : send(c, 200, encodeAnswer(json, framing), framing, headers);
    }
    const { response, ...told } = await dispatchOne(body, ctx);
    c.set('rpc', told.label ? [told.label] : []);
    const headers = effectHeaders([told]);
    if (!response) return c.body(null, 202, headers);
    const invalid = 'error' in response && response.error.code === RPC.INVALID_REQUEST;
    const status = invalid ? 400 : 'error' in response && told.rateLimited ? 429 : 200;
    return send(c, status, encodeAnswer(response, framing), framing, headers);
  };
}

function deleteHandler(slots: SessionSlots) {
  return async function handleDelete(c: Context<AppEnv>): Promise<Response> {
    const session = c.req.header('mcp-session-id');
    if (session === undefined) {
      return refuseRpc(
        c,
        badRequest({
          message: 'DELETE /mcp needs an Mcp-Session-Id header.',
          fix_hint: 'Send the session id whose rendered document should be cleared.',
        }),
      );
    }
    if (!isValidSessionId(session)) return refuseRpc(c, badSession());
    const ended = await endedSession(c);
    if (ended) return ended;
    try {
      await slots.clear(c.env.SESSIONS, session);
      await endIfIssued(c.env.SESSIONS, session);
    } catch (error) {
      if (!(error instanceof StorageFailure)) throw error;
      const line = {
        level: 'error',
        event: 'storage_failure',
        method: 'DELETE',
        request_id: c.get('requestId'),
        error: error.message,
      };
      console.error(JSON.stringify(line));
      return refuseRpc(c, upstreamError(c.get('requestId')));
    }
    return c.body(null, 204);
  };
}

function methodNotAllowed(c: Context): Response {
  return refuseRpc(
    c,
    methodNotAllowedError({
      message: `Method ${c.req.method.slice(0, 16)} is not supported on /mcp; POST JSON-RPC messages instead.`,
      fix_hint: 'POST JSON-RPC messages to /mcp; DELETE ends a session.',
    }),
    { Allow: 'POST, DELETE, OPTIONS' },
  );
}

/** The Streamable HTTP endpoint: POST JSON-RPC (single or batch), DELETE to end a session and clear its slots. */
export function mcpRoutes(slots: SessionSlots): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', postHandler(slots));
  app.delete('/', deleteHandler(slots));
  app.all('/', methodNotAllowed);
  return app;
}
