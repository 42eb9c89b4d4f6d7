import {
  IDENTITY_ONLY,
  notAcceptable,
  unsupportedCharset,
  unsupportedEncoding,
  unsupportedMediaType,
} from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { acceptedTypes } from '../core/media-types.js';
import type { Framing } from './encode.js';

/** Media-type essence of a header value: `application/json; charset=utf-8` -> `application/json`. */
const essence = (v: string) => v.split(';')[0]!.trim().toLowerCase();

/** JSON unless the client accepts only text/event-stream; `undefined` when it accepts neither (406). */
function negotiateFraming(accept: string | undefined): Framing | undefined {
  if (accept === undefined || accept.trim() === '') return 'json';
  const accepted = acceptedTypes(accept);
  if (accepted.allows('application/json')) return 'json';
  if (accepted.allows('text/event-stream')) return 'sse';
  return undefined;
}

/** Checks the media headers of a POST /mcp (every era): returns the refusal or the framing. */
export function checkMediaHeaders(
  h: (name: string) => string | undefined,
): { error: ErrorItem; headers?: Readonly<Record<string, string>> } | { framing: Framing } {
  const type = h('content-type');
  if (type === undefined || essence(type) !== 'application/json') {
    return {
      error: unsupportedMediaType(type, 'Send the JSON-RPC message with Content-Type: application/json.'),
    };
  }
  const charset = unsupportedCharset(type);
  if (charset) return { error: charset };
  const encoded = unsupportedEncoding(h('content-encoding'));
  if (encoded) return { error: encoded, headers: IDENTITY_ONLY };
  const framing = negotiateFraming(h('accept'));
  if (!framing) {
    return {
      error: notAcceptable(),
    };
  }
  return { framing };
}
