import { forbiddenOrigin } from '../core/error-catalogue.js';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { trimTrailing } from '../core/strings.js';
import type { Refuser } from '../app-env.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => trimTrailing(s.trim(), '/'))
    .filter(Boolean);
}

/**
 * DNS-rebinding guard of Streamable HTTP: a browser Origin must be loopback, this deployment's
 * PUBLIC_ORIGIN, or listed in ALLOWED_ORIGINS ("*" disables the check). Requests without an
 * Origin (SDK clients, curl) pass. The Host header is not trusted to define "own origin",
 * because a rebinding attack controls it.
 */
export function originGuard(refuse: Refuser): MiddlewareHandler<AppEnv> {
  return async function originGuardMiddleware(c, next) {
    const origin = c.req.header('origin');
    if (origin === undefined || isAllowed(origin, c.env)) return next();
    return refuse(c, forbiddenOrigin(origin));
  };
}

function isAllowed(origin: string, env: Partial<Env>): boolean {
  const allowed = parseList(env.ALLOWED_ORIGINS);
  if (allowed.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (LOOPBACK.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  const own = parseList(env.PUBLIC_ORIGIN);
  return allowed.includes(url.origin) || own.includes(url.origin);
}
