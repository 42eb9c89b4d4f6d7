import { PatternRouter } from 'hono/router/pattern-router';
import { createApp } from '../../src/app.js';

/** A route as a router is given it. */
export type Route = [method: string, path: string];

/** The methods the router tests ask with. */
export const METHODS = ['GET', 'POST', 'DELETE', 'OPTIONS', 'PUT', 'HEAD'];

/** Whether Hono's pattern router takes the route (it refuses a pattern whose expression does not compile). */
export function patternTakes([method, path]: Route): boolean {
  try {
    new PatternRouter<number>().add(method, path, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server's own routes, in the order the app adds them. */
export function serverRoutes(): Route[] {
  return (createApp().routes as { method: string; path: string }[]).map((r): Route => [r.method, r.path]);
}

/**
 * Paths that meet the server's routes: each route's pattern filled in, with `slashes` added, and
 * paths beside them (`/mcp/`, `/MCP`, `/api/v2/nothing`, a path longer than any route).
 */
export function pathsNear(routes: readonly Route[], slashes: readonly string[] = ['/']): string[] {
  const filled = routes.map(([, path]) => path.replaceAll(/:\w+/g, 'ai@2026-08-12').replace(/\*$/, 'x'));
  return [
    ...filled,
    ...slashes.flatMap((slash) => filled.map((p) => `${p}${slash}`)),
    '/',
    '/mcp/',
    '/mcp/x',
    '/MCP',
    '/api/v2',
    '/api/v2/',
    '/api/v2/nothing',
    '/healthz/',
    '/api/v2/schemas/ai@latest/elements/a/b/c',
  ];
}
