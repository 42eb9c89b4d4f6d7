import { bodyText, NOT_UTF8 } from '../core/body-text.js';
import {
  badRequest,
  methodNotAllowed as methodNotAllowedError,
  rateLimited,
  upstreamError,
} from '../core/error-catalogue.js';
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import type { AppEnv } from '../app-env.js';
import { policyOf } from '../core/errors.js';
import { parseJsonBody, TOO_DEEP_FIX } from '../core/json.js';
import { RETRY_AFTER_SECONDS, tokenTaker } from '../core/rate.js';
import { StorageFailure } from '../core/storage.js';
import type { ErrorItem } from '../core/envelope.js';
import type { SessionSlots } from '../store/sessions.js';
import { CONTENT_TYPE, encodeAnswer, type Framing } from './encode.js';
import { badSession, endedSession } from './era-2025.js';
import { eraOf } from './eras.js';
import { headerValue } from '../core/header-value.js';
import { invalidMessage, refusal, RPC } from './jsonrpc.js';
import { checkMediaHeaders } from './media-headers.js';
import { endIfIssued, FALLBACK_SESSION, isValidSessionId } from './session.js';

/** A refusal on /mcp (transport rules, middleware): a JSON-RPC error with id null and the policy status of its code. */
export function refuseRpc(c: Context, error: ErrorItem, headers: Readonly<Record<string, string>> = {}): Response {
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

/**
 * POST /mcp: the media headers and the JSON body (every era), then the era the body belongs to
 * answers it under its own rules; this route only encodes what the era answered.
 */
function postHandler(slots: SessionSlots) {
  return async function handlePost(c: Context<AppEnv>): Promise<Response> {
    const header = (n: string) => headerValue(c, n);
    const media = checkMediaHeaders(header);
    if ('error' in media) return refuseRpc(c, media.error, media.headers);
    const { framing } = media;
    const text = await bodyText(c.req);
    if (text === undefined) {
      const refused = invalidMessage(null, NOT_UTF8.message, '', NOT_UTF8.fix_hint, RPC.PARSE_ERROR);
      return send(c, 400, encodeAnswer(refused, framing), framing);
    }
    const parsed = parseJsonBody(text);
    if (parsed.error) {
      const syntax = parsed.error.reason === 'syntax';
      const fix = syntax
        ? 'Send the body as one JSON value in UTF-8: a JSON-RPC request object, or an array of them (2025 batches).'
        : TOO_DEEP_FIX;
      const refused = invalidMessage(
        null,
        parsed.error.message,
        '',
        fix,
        syntax ? RPC.PARSE_ERROR : RPC.INVALID_REQUEST,
      );
      return send(c, 400, encodeAnswer(refused, framing), framing);
    }
    const era = eraOf(parsed.value, header);
    const answer = await era.answer(parsed.value, header, () => era.context(c, slots));
    c.set('rpc', answer.labels);
    if (answer.body === undefined) return c.body(null, answer.status as 200, answer.headers);
    if (answer.stream) return send(c, answer.status, answer.body as string, 'sse', answer.headers);
    return send(c, answer.status, encodeAnswer(answer.body, framing), framing, answer.headers);
  };
}

/**
 * DELETE /mcp (2025 sessions): takes a 'read' rate token, then clears the session's slots and the
 * renders it kept (their handles read as not found from then on) and ends a session this server issued.
 */
function deleteHandler(slots: SessionSlots) {
  return async function handleDelete(c: Context<AppEnv>): Promise<Response> {
    if (!(await tokenTaker(c.env, (n) => c.req.header(n))('read'))) {
      return refuseRpc(c, rateLimited('read'), { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    }
    const session = headerValue(c, 'mcp-session-id');
    if (session === undefined) {
      return refuseRpc(
        c,
        badRequest({
          message: 'DELETE /mcp needs an Mcp-Session-Id header.',
          fix_hint: 'Send the session id whose renders should be cleared.',
        }),
      );
    }
    if (!isValidSessionId(session)) return refuseRpc(c, badSession());
    // The fallback session is every sessionless caller's: naming it clears no one's but theirs all.
    if (session === FALLBACK_SESSION) {
      return refuseRpc(
        c,
        badRequest({
          message: `'${FALLBACK_SESSION}' is the session every caller without an Mcp-Session-Id shares; DELETE does not clear it.`,
          fix_hint: 'Send the id of your own session, the one initialize issued or you chose.',
          path: 'Mcp-Session-Id',
        }),
      );
    }
    const ended = await endedSession(c.env.SESSIONS, session, true);
    if (ended) return refuseRpc(c, ended);
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

/** The Streamable HTTP endpoint: POST JSON-RPC messages (each era's), DELETE to end a session and clear its slots. */
export function mcpRoutes(slots: SessionSlots): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', postHandler(slots));
  app.delete('/', deleteHandler(slots));
  app.all('/', methodNotAllowed);
  return app;
}
