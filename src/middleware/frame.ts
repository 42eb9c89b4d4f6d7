import type { Context, MiddlewareHandler } from 'hono';
import { type AppEnv, executionContext } from '../app-env.js';
import type { SchemaStore } from '../store/store.js';
import { notFound } from './error-handler.js';
import { logRequest } from './logger.js';

/** Headers a browser may read from any answer. */
export const EXPOSED_HEADERS = [
  'X-Request-Id',
  'DTPR-Content-Hash',
  'DTPR-Warnings',
  'Retry-After',
  'Mcp-Session-Id',
  'ETag',
];
const EXPOSED_LIST = EXPOSED_HEADERS.join(',');

const REUSABLE_ID = /^[\w\-=.:]{1,128}$/;

/**
 * Issued ids: a random prefix drawn once per isolate, then a count: unique without drawing a
 * random UUID per request (3% of a warm read's CPU in the isolate). An id correlates; it grants nothing.
 */
let issuedPrefix: string | undefined;
let issued = 0;

/** Reuses a well-formed incoming X-Request-Id, else issues one; every answer echoes it. */
function requestIdFor(incoming: string | undefined): string {
  if (incoming && REUSABLE_ID.test(incoming)) return incoming;
  issuedPrefix ??= crypto.randomUUID();
  return `${issuedPrefix}-${(issued++).toString(36)}`;
}

/**
 * Headers every answer carries (HTML and SVG answers set their own Content-Security-Policy first),
 * and open CORS unless the Origin rule refused the caller's origin (then a browser may not read the
 * refusal, and a refused preflight fails both by its status and by its missing grant).
 */
function applyHeaders(h: Headers, id: string, cors: boolean): void {
  h.set('X-Request-Id', id);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'no-referrer');
  h.set('X-Frame-Options', 'DENY');
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  if (!cors) return;
  h.set('Access-Control-Allow-Origin', '*');
  h.set('Access-Control-Expose-Headers', EXPOSED_LIST);
}

/**
 * Starts background work once the answer is on its way: after a timer turn, not a microtask. A
 * read that needs no I/O (an embedded release, held in memory) would otherwise parse in the
 * microtasks before the answer leaves the isolate.
 */
const afterAnswer = (work: () => Promise<unknown>): Promise<unknown> =>
  new Promise<void>((resolve) => setTimeout(resolve, 0)).then(work);

/**
 * The frame around every request, in one middleware to keep the hot path short: outside
 * `/api/v2` (which redirects a trailing slash itself) a path is served only as written (Hono's
 * pattern router would match `/mcp/` as `/mcp`); the request id and the schema store go into the
 * context (the store's due reads handed to the background, or awaited first where there is none);
 * the answer gets X-Request-Id,
 * the security and CORS headers; then the request's log line is written (unless the `REQUEST_LOG`
 * var is "off").
 */
export function frame(getStore: (env: Env) => SchemaStore): MiddlewareHandler<AppEnv> {
  let store: SchemaStore | undefined;
  return async function frameMiddleware(c, next) {
    const start = Date.now();
    const id = requestIdFor(c.req.header('x-request-id'));
    c.set('requestId', id);
    c.set('store', (store ??= getStore(c.env)));
    // Background work the store hands over starts once the answer is made and logged, so it never delays it.
    const ctx = executionContext(c);
    let later: (() => Promise<unknown>) | undefined;
    const path = c.req.path;
    // Reads the store says are due go to the background; a call that needs one reads it itself (the seam).
    const refreshing = store.refresh?.(ctx && ((work) => void (later = work)));
    if (refreshing) await refreshing;
    try {
      if (path.length > 1 && path.endsWith('/') && !path.startsWith('/api/v2/')) c.res = await notFound(c);
      else await next();
      applyHeaders(c.res.headers, id, c.get('originRefused') !== true);
      if ((c.env as Partial<Env> | undefined)?.REQUEST_LOG !== 'off') await logRequest(c, start);
    } finally {
      if (later) ctx!.waitUntil(afterAnswer(later));
    }
  };
}
