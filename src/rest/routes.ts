import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import type { AppEnv } from '../app-env.js';
import { budgetFor, limitsFrom } from '../core/limits.js';
import { trimTrailing } from '../core/strings.js';
import { bodyLimit } from '../middleware/body-limit.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { timeout } from '../middleware/timeout.js';
import type { RateBucket } from '../tools/define.js';
import { toolNamed } from '../tools/registry.js';
import { iconRoute, shapeRoute, symbolRoute } from './icon-routes.js';
import { jsonHandler } from './json-route.js';
import { openApiText } from './openapi.js';
import { CACHE, refuseRest, sendError } from './respond.js';
import { renderRoute } from './render-route.js';
import { JSON_ROUTES, OPENAPI_PATH, RENDER_PATH, SVG_ROUTES } from './route-table.js';

/** A path with a trailing slash answers 308 to the same path without it (query kept). */
const trailingSlash: MiddlewareHandler<AppEnv> = async function trailingSlash(c, next) {
  const path = c.req.path;
  if (path.length > 1 && path.endsWith('/')) {
    const url = new URL(c.req.url);
    return c.redirect(`${trimTrailing(url.pathname, '/')}${url.search}`, 308);
  }
  await next();
};

/**
 * Every route draws one token from its tool's bucket (the MCP twin's). A route that awaits I/O
 * (a request body, the session store) also runs within the wall-clock budget of its kind of work,
 * as configured in the wrangler vars. A GET route answers without awaiting anything, so a timer
 * could not fire before it ends: its work is bounded by the deadline its tool checks (decision
 * 017), as on /mcp, where synchronous tools run without the race.
 */
function limits(bucket: RateBucket, awaitsIo: boolean): MiddlewareHandler<AppEnv> {
  const limit = rateLimit(bucket, refuseRest);
  if (!awaitsIo) return limit;
  const budget = timeout((c) => budgetFor(limitsFrom(c.env), bucket), refuseRest);
  return async function restLimits(c, next) {
    return limit(c, async () => {
      await budget(c, next);
    });
  };
}

function methodNotAllowed(methods: readonly string[]) {
  const allow = [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', ');
  return (c: Context<AppEnv>) =>
    sendError(
      c,
      {
        code: 'method_not_allowed',
        message: `Method ${c.req.method.slice(0, 16)} is not allowed on this route.`,
        fix_hint: `Use ${methods.join(' or ')}.`,
      },
      { Allow: allow },
    );
}

/**
 * `/api/v2`: JSON routes generated from the route table (each calls its tool through the
 * registry), the SVG routes, and the OpenAPI document. A known path with another method is 405.
 */
export function restRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', trailingSlash);
  const bodyCap = bodyLimit(refuseRest, (c) => limitsFrom(c.env).bodyBytes);
  const methods = new Map<string, string[]>();
  const allow = (path: string, method: string) => methods.set(path, [...(methods.get(path) ?? []), method]);
  for (const route of JSON_ROUTES) {
    const tool = toolNamed(route.tool);
    if (route.method === 'POST') app.post(route.path, limits(tool.bucket, true), bodyCap, jsonHandler(route, tool));
    else app.get(route.path, limits(tool.bucket, false), jsonHandler(route, tool));
    allow(route.path, route.method);
  }
  app.post(RENDER_PATH, limits('validate', true), bodyCap, renderRoute);
  allow(RENDER_PATH, 'POST');
  app.get(SVG_ROUTES.shape, limits('read', false), shapeRoute);
  app.get(SVG_ROUTES.symbol, limits('read', false), symbolRoute);
  app.get(SVG_ROUTES.icon, limits('read', false), iconRoute);
  app.get(OPENAPI_PATH, limits('read', false), (c) =>
    c.body(openApiText(), 200, { 'Content-Type': 'application/json', 'Cache-Control': CACHE.short }),
  );
  for (const path of [...Object.values(SVG_ROUTES), OPENAPI_PATH]) allow(path, 'GET');
  for (const [path, list] of methods) app.all(path, methodNotAllowed(list));
  return app;
}
