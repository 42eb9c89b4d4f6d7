import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';

const REUSABLE = /^[\w\-=.:]{1,128}$/;

/** Reuses a well-formed incoming X-Request-Id, else issues one; echoed on every answer. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async function requestIdMiddleware(c, next) {
    const incoming = c.req.header('x-request-id');
    const id = incoming && REUSABLE.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  };
}
