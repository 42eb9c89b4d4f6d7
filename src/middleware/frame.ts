import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SchemaStore } from '../store/store.js';
import { applyCorsHeaders } from './cors.js';
import { logRequest } from './logger.js';
import { requestIdFor } from './request-id.js';
import { applySecurityHeaders } from './security-headers.js';

/**
 * The frame around every request, in one middleware to keep the hot path short: the request id
 * and the schema store go into the context; the answer gets X-Request-Id, the security and CORS
 * headers; then the request's log line is written (unless the `REQUEST_LOG` var is "off").
 */
export function frame(getStore: () => SchemaStore): MiddlewareHandler<AppEnv> {
  return async function frameMiddleware(c, next) {
    const start = Date.now();
    const id = requestIdFor(c.req.header('x-request-id'));
    c.set('requestId', id);
    c.set('store', getStore());
    await next();
    const h = c.res.headers;
    h.set('X-Request-Id', id);
    applySecurityHeaders(h);
    applyCorsHeaders(h);
    if ((c.env as Partial<Env> | undefined)?.REQUEST_LOG !== 'off') await logRequest(c, start);
  };
}
