import { cors as honoCors } from 'hono/cors';
import { EXPOSED_HEADERS } from './frame.js';

/** Preflights: open CORS for a public API (any origin, no credentials), MCP headers allowed. */
export function corsPreflight() {
  return honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'Content-Type',
      'Accept',
      'Authorization',
      'DTPR-Client',
      'X-Request-Id',
      'Mcp-Session-Id',
      'MCP-Protocol-Version',
      'Last-Event-ID',
    ],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  });
}
