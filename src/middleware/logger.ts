import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';

async function shortHash(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One JSON line per request: method, path, JSON-RPC method and tool (set by /mcp), status,
 * duration, request id, and a hash of the session id. Bodies are never logged.
 */
export function logger(): MiddlewareHandler<AppEnv> {
  return async function loggerMiddleware(c, next) {
    const start = Date.now();
    await next();
    const session = c.req.header('mcp-session-id');
    const line = {
      level: c.res.status >= 500 ? 'error' : 'info',
      method: c.req.method,
      path: new URL(c.req.url).pathname.slice(0, 200),
      rpc: c.get('rpc'),
      status: c.res.status,
      duration_ms: Date.now() - start,
      request_id: c.get('requestId'),
      session: session ? await shortHash(session) : undefined,
    };
    console.log(JSON.stringify(line));
  };
}
