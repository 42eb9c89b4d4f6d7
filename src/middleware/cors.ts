import { cors as honoCors } from 'hono/cors';

const EXPOSED = ['X-Request-Id', 'DTPR-Content-Hash', 'DTPR-Warnings', 'Retry-After', 'Mcp-Session-Id'];

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
    exposeHeaders: EXPOSED,
    maxAge: 86400,
  });
}

const EXPOSED_LIST = EXPOSED.join(',');

/** The CORS headers of every other answer. */
export function applyCorsHeaders(h: Headers): void {
  h.set('Access-Control-Allow-Origin', '*');
  h.set('Access-Control-Expose-Headers', EXPOSED_LIST);
}
