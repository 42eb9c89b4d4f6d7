import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import type { Refuser } from './refuse.js';

export const MAX_BODY_BYTES = 64 * 1024;

/** Refuses bodies over the limit, whether or not Content-Length is sent (streamed bodies are counted). */
export function bodyLimit(refuse: Refuser, maxSize: number | ((c: Context) => number) = MAX_BODY_BYTES): MiddlewareHandler {
  if (typeof maxSize === 'function') {
    const built = new Map<number, MiddlewareHandler>();
    return async function bodyLimitByEnv(c, next) {
      const size = maxSize(c);
      let mw = built.get(size);
      if (!mw) built.set(size, (mw = bodyLimit(refuse, size)));
      return mw(c, next);
    };
  }
  return fixedBodyLimit(refuse, maxSize);
}

function fixedBodyLimit(refuse: Refuser, maxSize: number): MiddlewareHandler {
  const limit = honoBodyLimit({
    maxSize,
    onError: (c) => refuse(c, 413, {
      code: 'payload_too_large',
      message: `Request body exceeds the ${maxSize}-byte limit.`,
      fix_hint: 'Send a smaller body: split a batch, or shorten the datachain.',
    }),
  });
  return async function bodyLimitMiddleware(c, next) {
    const raw = c.req.header('content-length');
    if (raw !== undefined && !/^\d+$/.test(raw.trim())) {
      return refuse(c, 400, { code: 'bad_request', message: `Invalid Content-Length header '${raw.slice(0, 40)}'.`, fix_hint: 'Send a valid Content-Length or omit it.' });
    }
    return limit(c, next);
  };
}
