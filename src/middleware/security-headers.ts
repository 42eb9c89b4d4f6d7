import type { MiddlewareHandler } from 'hono';

/** Headers every answer carries; SVG and HTML answers add their own Content-Security-Policy. */
export function securityHeaders(): MiddlewareHandler {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'no-referrer');
    h.set('X-Frame-Options', 'DENY');
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  };
}
