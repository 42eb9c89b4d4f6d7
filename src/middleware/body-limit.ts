import { badRequest, payloadTooLarge } from '../core/error-catalogue.js';
import type { Context, MiddlewareHandler } from 'hono';
import type { Refuser } from '../app-env.js';

const MAX_BODY_BYTES = 64 * 1024;

/** Refuses bodies over the limit, whether or not Content-Length is sent (streamed bodies are counted). */
export function bodyLimit(
  refuse: Refuser,
  maxSize: number | ((c: Context) => number) = MAX_BODY_BYTES,
): MiddlewareHandler {
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
  const tooLarge = (c: Context) =>
    refuse(
      c,
      payloadTooLarge({
        message: `Request body exceeds the ${maxSize}-byte limit.`,
        fix_hint: 'Send a smaller body: split a batch, or shorten the datachain.',
      }),
    );
  return async function bodyLimitMiddleware(c, next) {
    const raw = c.req.header('content-length');
    if (raw !== undefined && !/^\d+$/.test(raw.trim())) {
      return refuse(
        c,
        badRequest({
          message: `Invalid Content-Length header '${raw.slice(0, 40)}'.`,
          fix_hint: 'Send a valid Content-Length or omit it.',
        }),
      );
    }
    const request = c.req.raw;
    if (!request.body) return next();
    if (raw !== undefined && !request.headers.has('transfer-encoding'))
      return Number(raw) > maxSize ? tooLarge(c) : next();
    const body = await readCapped(request.body, maxSize);
    if (!body) return tooLarge(c);
    // A fresh request from the URL: deriving it from the old one would chain their abort signals.
    c.req.raw = new Request(request.url, { method: request.method, headers: request.headers, body });
    return next();
  };
}

/** Reads a stream to its end; `undefined` as soon as it passes `max` bytes. */
async function readCapped(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
