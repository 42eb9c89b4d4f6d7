import { cors as honoCors } from 'hono/cors';

/** Open CORS for a public read API: any origin, no credentials, MCP headers allowed and exposed. */
export function cors() {
  return honoCors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'Content-Type', 'Accept', 'Authorization', 'DTPR-Client', 'X-Request-Id',
      'Mcp-Session-Id', 'MCP-Protocol-Version', 'Last-Event-ID',
    ],
    exposeHeaders: ['X-Request-Id', 'DTPR-Content-Hash', 'Retry-After', 'Mcp-Session-Id'],
    maxAge: 86400,
  });
}
