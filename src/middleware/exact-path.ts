import type { MiddlewareHandler } from 'hono';
import { notFound } from './error-handler.js';

/**
 * Outside `/api/v2` (which redirects a trailing slash itself), a path is served only as written:
 * `/healthz/` and `/mcp/` are 404 like any unknown path. Hono's pattern router would otherwise
 * match them as `/healthz` and `/mcp`.
 */
export const exactPath: MiddlewareHandler = async function exactPath(c, next) {
  const path = c.req.path;
  if (path.length > 1 && path.endsWith('/') && !path.startsWith('/api/v2/')) return notFound(c);
  await next();
};
