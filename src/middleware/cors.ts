import { cors as honoCors } from 'hono/cors';
import { EXPOSED_HEADERS } from './frame.js';

/** Request headers any route reads besides the protocol's own. */
const BASE_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'DTPR-Client', 'X-Request-Id', 'If-None-Match'];

/**
 * Preflights: open CORS for a public API (any origin, no credentials). `protocolHeaders` are the
 * request headers the MCP endpoint reads (every era's), allowed so a browser client of any era can
 * send them. /mcp's Origin rule runs before this, so a preflight from an origin /mcp refuses is
 * refused too (403) and the browser never sends the request.
 */
export function corsPreflight(protocolHeaders: readonly string[]) {
  return honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: [...BASE_HEADERS, ...protocolHeaders],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });
}
