import type { AppEnv, Refuser } from '../app-env.js';
import { badRequest, bodyTooLarge, forbiddenOrigin } from '../core/error-catalogue.js';
import { isDigits, trimTrailing } from '../core/strings.js';
import type { Context, MiddlewareHandler } from 'hono';

const MAX_BODY_BYTES = 64 * 1024;

const decoder = new TextDecoder();

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
  const tooLarge = (c: Context) => refuse(c, bodyTooLarge(maxSize));
  return async function bodyLimitMiddleware(c, next) {
    const raw = c.req.header('content-length');
    if (raw !== undefined && !isDigits(raw.trim())) {
      return refuse(
        c,
        badRequest({
          message: `Invalid Content-Length header '${raw.slice(0, 40)}'.`,
          fix_hint: 'Send a valid Content-Length or omit it.',
        }),
      );
    }
    const request = c.req.raw;
    const declared = raw !== undefined && !request.headers.has('transfer-encoding');
    // A declared size within the limit needs no look at the body (the common case: the runtime
    // builds the body's stream object on first access).
    if (declared && Number(raw) <= maxSize) return next();
    if (!request.body) return next();
    if (declared) return tooLarge(c);
    const body = await readCapped(request.body, maxSize);
    if (!body) return tooLarge(c);
    // The bytes read are what `c.req.text()` / `json()` / `arrayBuffer()` answer from now on (Hono
    // keeps promises of a read body there); the request's own stream is spent. Building a new
    // request around them instead cost more than the rest of the frame together.
    c.req.bodyCache.text = Promise.resolve(decoder.decode(body)) as unknown as string;
    c.req.bodyCache.arrayBuffer = Promise.resolve(body.buffer) as unknown as ArrayBuffer;
    return next();
  };
}

/**
 * How much of a body past its limit is read and dropped before the refusal. A stream cancelled
 * mid-body leaves the connection it came on unusable to `wrangler dev`'s proxy (the next request,
 * on any connection, hangs or is answered 503), so a body that ends soon after the limit is read
 * to its end; one longer than this is cancelled.
 */
const DRAIN_BYTES = 1024 * 1024;

/** Reads a stream to its end; `undefined` as soon as it passes `max` bytes (the rest drained, up to DRAIN_BYTES). */
async function readCapped(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await drain(reader);
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

/**
 * Reads and drops the rest of a stream, up to DRAIN_BYTES; cancels it past that. A stream that
 * fails meanwhile (the client went away) ends the drain: the refusal is answered all the same.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_BYTES) break;
    }
    await reader.cancel();
  } catch {
    // Nothing more to drain from a broken stream.
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => trimTrailing(s.trim(), '/'))
    .filter(Boolean);
}

/**
 * DNS-rebinding guard of Streamable HTTP: a browser Origin must be loopback, this deployment's
 * PUBLIC_ORIGIN, or listed in ALLOWED_ORIGINS ("*" disables the check). Requests without an
 * Origin (SDK clients, curl) pass. The Host header is not trusted to define "own origin",
 * because a rebinding attack controls it.
 */
export function originGuard(refuse: Refuser): MiddlewareHandler<AppEnv> {
  return async function originGuardMiddleware(c, next) {
    const origin = c.req.header('origin');
    if (origin === undefined || isAllowed(origin, c.env)) return next();
    c.set('originRefused', true);
    return refuse(c, forbiddenOrigin(origin));
  };
}

function isAllowed(origin: string, env: Partial<Env>): boolean {
  const allowed = parseList(env.ALLOWED_ORIGINS);
  if (allowed.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  const own = parseList(env.PUBLIC_ORIGIN);
  return allowed.includes(url.origin) || own.includes(url.origin);
}
