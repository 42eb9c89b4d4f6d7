import { badRequest, notFound } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { policyOf } from '../core/errors.js';
import { RETRY_AFTER_SECONDS } from '../core/rate.js';
import { StorageFailure } from '../core/storage.js';
import { answerBatch } from './batch.js';
import type { MethodHandler } from './context.js';
import { type Dispatched, dispatchOne, SHARED_METHODS } from './dispatch.js';
import type { Era, EraAnswer, HeaderReader } from './era.js';
import { headerValue } from '../core/header-value.js';
import { invalidMessage, RPC, refusal } from './jsonrpc.js';
import { empty, HEADERLESS_PROTOCOL_VERSION, initialize, SUPPORTED_PROTOCOL_VERSIONS, setLevel } from './protocol.js';
import { requestContext } from './request-context.js';
import type { McpContext } from './context.js';
import { FALLBACK_SESSION, hasEnded, isValidSessionId } from './session.js';

/** The 2025 methods. Notifications among them are accepted and need no answer. */
const METHODS: Record<string, MethodHandler> = {
  initialize,
  ping: empty,
  'notifications/initialized': empty,
  initialized: empty,
  'notifications/cancelled': empty,
  'logging/setLevel': setLevel,
  ...SHARED_METHODS,
};

export function badSession(): ErrorItem {
  return badRequest({
    message: 'Mcp-Session-Id must be 1 to 128 visible ASCII characters.',
    fix_hint: 'Reuse the Mcp-Session-Id returned by initialize, or choose an id of visible ASCII characters.',
  });
}

/** The 2025 header rules: a protocol version this server speaks (absent: 2025-03-26) and a well-formed session id. */
function checkHeaders(h: HeaderReader): ErrorItem | undefined {
  const version = h('mcp-protocol-version') ?? HEADERLESS_PROTOCOL_VERSION;
  if (!(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return badRequest({
      message: `Unsupported MCP-Protocol-Version '${version.slice(0, 40)}'.`,
      fix_hint: `Use one of: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
    });
  }
  const session = h('mcp-session-id');
  if (session !== undefined && !isValidSessionId(session)) return badSession();
  return undefined;
}

/**
 * The refusal of a request that names a session this server issued and then ended; else undefined.
 * `fresh`: the session's record is read from KV even when this isolate trusts what it knows of it.
 */
export async function endedSession(
  kv: KVNamespace,
  session: string | undefined,
  fresh = false,
): Promise<ErrorItem | undefined> {
  if (session === undefined) return undefined;
  try {
    if (!(await hasEnded(kv, session, Date.now(), fresh))) return undefined;
  } catch (error) {
    // Without the record the session is treated as open: a store hiccup must not end sessions.
    if (!(error instanceof StorageFailure)) throw error;
    return undefined;
  }
  return notFound({
    message: 'This session has ended (DELETE /mcp).',
    fix_hint: 'Start a new session: send initialize without an Mcp-Session-Id and use the id it answers with.',
  });
}

/** A refusal of the whole POST: a JSON-RPC error with id null and the policy status of its code. */
const refused = (error: ErrorItem): EraAnswer => ({
  status: policyOf(error.code).status,
  body: refusal(error),
  headers: {},
  labels: [],
});

/** Headers the messages of a request asked for: an issued session id, Retry-After after a rate refusal. */
function effectHeaders(effects: readonly Omit<Dispatched, 'response'>[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const e of effects) {
    if (e.session) headers['Mcp-Session-Id'] = e.session;
    if (e.rateLimited) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
  }
  return headers;
}

/** The effects' labels, in order (a loop: `flatMap` showed in a warm read's profile). */
function labelsOf(effects: readonly Omit<Dispatched, 'response'>[]): string[] {
  const labels: string[] = [];
  for (const e of effects) if (e.label) labels.push(e.label);
  return labels;
}

/**
 * The 2025 era (2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05): `initialize` issues a session,
 * every later request names it in `Mcp-Session-Id` (or shares the fallback session), a render is
 * kept in the session's slot and read as the session's view, and batches of up to `limits.batch`
 * messages are answered. It answers every POST no other era claims.
 */
export const ERA_2025: Era = {
  name: '2025',
  requestHeaders: ['MCP-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
  claims: () => true,
  context(c, slots) {
    // The session is read when a call first keeps or reads a render: an initialize earlier in the batch may have issued it.
    const ctx: McpContext = requestContext(
      c,
      (place) => slots.forSession(place, ctx.clientSessionId ?? FALLBACK_SESSION),
      headerValue(c, 'mcp-session-id'),
    );
    return ctx;
  },
  methods: METHODS,
  stamp: (_method, _params, result) => result,
  async answer(body, header, context) {
    const bad = checkHeaders(header);
    if (bad) return refused(bad);
    const ctx = context();
    const ended = await endedSession(ctx.sessionRecords, ctx.clientSessionId);
    if (ended) return refused(ended);
    if (Array.isArray(body)) {
      const max = ctx.limits.batch;
      if (body.length === 0 || body.length > max) {
        const why = body.length === 0 ? 'an empty batch' : `a batch of ${body.length} messages (at most ${max})`;
        return {
          status: 400,
          body: invalidMessage(
            null,
            `Invalid Request: ${why}.`,
            '',
            body.length === 0
              ? 'Send at least one message, or send one message without the array.'
              : `Split the batch into POSTs of at most ${max} messages.`,
          ),
          headers: {},
          labels: [],
        };
      }
      const { json, effects } = await answerBatch(body, ctx, ERA_2025, ctx.limits.batchAnswerBytes);
      const headers = effectHeaders(effects);
      return { status: json === undefined ? 204 : 200, body: json, headers, labels: labelsOf(effects) };
    }
    const { response, ...told } = await dispatchOne(body, ctx, ERA_2025);
    const headers = effectHeaders([told]);
    if (!response) return { status: 202, headers, labels: labelsOf([told]) };
    const invalid = 'error' in response && response.error.code === RPC.INVALID_REQUEST;
    const status = invalid ? 400 : 'error' in response && told.rateLimited ? 429 : 200;
    return { status, body: response, headers, labels: labelsOf([told]) };
  },
};
