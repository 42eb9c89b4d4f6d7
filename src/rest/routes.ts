import { methodNotAllowed as methodNotAllowedError } from '../core/error-catalogue.js';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import type { AppEnv } from '../app-env.js';
import { type RateBucket, tokenTaker } from '../core/rate.js';
import { trimTrailing } from '../core/strings.js';
import { withReleases } from '../store/loading.js';
import { toolNamed } from '../tools/kernel/registry.js';
import { iconRoute, shapeRoute, symbolRoute } from './icon-routes.js';
import { jsonHandler } from './json-route.js';
import { openApiText } from './openapi-document.js';
import { CACHE, sendError, sendRateLimited } from './respond.js';
import { renderRoute } from './render-route.js';
import { JSON_ROUTES, OPENAPI_PATH, RENDER_PATH, SVG_ROUTES } from './route-table.js';

/**
 * A path with a trailing slash answers 308 to the same path without it (query kept) when that path
 * is a route (`isRoute`); any other is left to the router's 404, so a redirect never leads to one.
 */
function trailingSlash(isRoute: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async function trailingSlash(c, next) {
    const path = c.req.path;
    if (path.length > 1 && path.endsWith('/') && isRoute(trimTrailing(path, '/'))) {
      const url = new URL(c.req.url);
      return c.redirect(`${trimTrailing(url.pathname, '/')}${url.search}`, 308);
    }
    await next();
  };
}

/** Where the REST surface is mounted (app.ts): its routes' paths are written below it. */
const MOUNT = '/api/v2';

/** Whether a full path is one of `patterns` under MOUNT, segment by segment: a `:name` segment is any non-empty one. */
function routeMatcher(patterns: readonly string[]): (path: string) => boolean {
  const routes = patterns.map((p) => p.split('/'));
  return (path) => {
    if (!path.startsWith(`${MOUNT}/`)) return false;
    const parts = path.slice(MOUNT.length).split('/');
    return routes.some(
      (route) =>
        route.length === parts.length &&
        route.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])),
    );
  };
}

/**
 * A route that calls no tool draws its token here, from its kind of work's bucket; the JSON and
 * render routes draw theirs in the call pipeline (their tool's bucket, the MCP twin's). No route
 * races a timer: work is bounded by the deadline its tool checks (decision 017), and the only
 * awaited work, a body, by the body limit.
 */
function rated(bucket: RateBucket, handler: Handler<AppEnv>): Handler<AppEnv> {
  return async function ratedRoute(c, next) {
    if (!(await tokenTaker(c.env, (n) => c.req.header(n))(bucket))) return sendRateLimited(c, bucket);
    return withReleases(c.get('store'), () => handler(c, next));
  };
}

/** 405 in the envelope with `Allow`, for a known path asked with another method. */
export function methodNotAllowed(methods: readonly string[]) {
  const allow = [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', ');
  return (c: Context<AppEnv>) =>
    sendError(
      c,
      methodNotAllowedError({
        message: `Method ${c.req.method.slice(0, 16)} is not allowed on this route.`,
        fix_hint: `Use ${methods.join(' or ')}.`,
      }),
      { Allow: allow },
    );
}

/**
 * `/api/v2`: JSON routes generated from the route table (each calls its tool through the
 * registry), the SVG routes, and the OpenAPI document. A known path with another method is 405.
 */
export function restRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const methods = new Map<string, string[]>();
  // The middleware comes first; the paths it matches are the ones registered below, read on its first use.
  let isRoute: ((path: string) => boolean) | undefined;
  app.use(
    '*',
    trailingSlash((path) => (isRoute ??= routeMatcher([...methods.keys()]))(path)),
  );
  const allow = (path: string, method: string) => methods.set(path, [...(methods.get(path) ?? []), method]);
  for (const route of JSON_ROUTES) {
    const tool = toolNamed(route.tool);
    if (route.method === 'POST') app.post(route.path, jsonHandler(route, tool));
    else app.get(route.path, jsonHandler(route, tool));
    allow(route.path, route.method);
  }
  app.post(RENDER_PATH, renderRoute);
  allow(RENDER_PATH, 'POST');
  app.get(SVG_ROUTES.shape, rated('read', shapeRoute));
  app.get(SVG_ROUTES.symbol, rated('read', symbolRoute));
  app.get(SVG_ROUTES.icon, rated('read', iconRoute));
  app.get(
    OPENAPI_PATH,
    rated('read', (c) =>
      c.body(openApiText(), 200, { 'Content-Type': 'application/json', 'Cache-Control': CACHE.short }),
    ),
  );
  for (const path of [...Object.values(SVG_ROUTES), OPENAPI_PATH]) allow(path, 'GET');
  for (const [path, list] of methods) app.all(path, methodNotAllowed(list));
  return app;
}
