import { badRequest, notAcceptable, unsupportedMediaType } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { HEADERLESS_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { isValidSessionId } from './session.js';

import type { Framing } from './encode.js';

/** Media-type essence of a header value: `application/json; charset=utf-8` -> `application/json`. */
const essence = (v: string) => v.split(';')[0]!.trim().toLowerCase();

/** JSON unless the client accepts only text/event-stream; `undefined` when it accepts neither (406). */
function negotiateFraming(accept: string | undefined): Framing | undefined {
  if (accept === undefined || accept.trim() === '') return 'json';
  const types = accept
    .split(',')
    .map((part) => {
      const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type: type ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.q > 0);
  const allows = (target: string) =>
    types.some((t) => t.type === target || t.type === '*/*' || t.type === `${target.split('/')[0]}/*`);
  if (allows('application/json')) return 'json';
  if (allows('text/event-stream')) return 'sse';
  return undefined;
}

/** Checks the media headers of a POST /mcp (both eras); returns the refusal or the framing. */
export function checkMediaHeaders(
  h: (name: string) => string | undefined,
): { error: ErrorItem } | { framing: Framing } {
  const type = h('content-type');
  if (type === undefined || essence(type) !== 'application/json') {
    return {
      error: unsupportedMediaType(type, 'Send the JSON-RPC message with Content-Type: application/json.'),
    };
  }
  const framing = negotiateFraming(h('accept'));
  if (!framing) {
    return {
      error: notAcceptable(),
    };
  }
  return { framing };
}

/** Checks the 2025-era headers of a POST /mcp: the protocol version and the session id. */
export function checkLegacyHeaders(h: (name: string) => string | undefined): { error: ErrorItem } | undefined {
  const version = h('mcp-protocol-version') ?? HEADERLESS_PROTOCOL_VERSION;
  if (!(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return {
      error: badRequest({
        message: `Unsupported MCP-Protocol-Version '${version.slice(0, 40)}'.`,
        fix_hint: `Use one of: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
      }),
    };
  }
  const session = h('mcp-session-id');
  if (session !== undefined && !isValidSessionId(session)) return { error: badSession() };
  return undefined;
}

export function badSession(): ErrorItem {
  return badRequest({
    message: 'Mcp-Session-Id must be 1 to 128 visible ASCII characters.',
    fix_hint: 'Reuse the Mcp-Session-Id returned by initialize, or choose an id of visible ASCII characters.',
  });
}
