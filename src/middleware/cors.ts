import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import { EXPOSED_HEADERS } from './frame.js';

/** Request headers any route reads besides the protocol's own. */
const BASE_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'DTPR-Client', 'X-Request-Id', 'If-None-Match'];

/**
 * Preflights: open CORS for a public API (any origin, no credentials). The headers allowed are
 * those the server reads (`protocolHeaders`: every era's MCP headers, so a browser client of any
 * era can send them) and any other the preflight asks for: a page whose fetch adds tracing headers
 * (`traceparent`, `sentry-trace`) or a transport's own must not be refused, and the server ignores
 * what it does not read. /mcp's Origin rule runs before this, so a preflight from an origin /mcp
 * refuses is refused too (403) and the browser never sends the request.
 */
export function corsPreflight(protocolHeaders: readonly string[]): MiddlewareHandler {
  const own = [...BASE_HEADERS, ...protocolHeaders];
  const known = new Set(own.map((h) => h.toLowerCase()));
  const preflight = honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: [],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });
  return async function corsPreflightMiddleware(c, next) {
    const answer = await preflight(c, next);
    if (!(answer instanceof Response)) return answer;
    const asked = (c.req.header('access-control-request-headers') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h && !known.has(h.toLowerCase()));
    const allowed = [...own, ...asked].join(',');
    // Hono keeps the context's answer once its headers were touched (as the preflight did): set both.
    c.res.headers.set('Access-Control-Allow-Headers', allowed);
    answer.headers.set('Access-Control-Allow-Headers', allowed);
    return answer;
  };
}
