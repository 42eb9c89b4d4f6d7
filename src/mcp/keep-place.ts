import type { Context } from 'hono';
import { type AppEnv, executionContext } from '../app-env.js';
import { callerAddress } from '../core/rate.js';
import type { Limits } from '../core/settings.js';
import type { KeepPlace } from '../store/sessions.js';

/** Where the renders of one /mcp request are kept: the session store, charged to the caller's address. */
export function keepPlace(c: Context<AppEnv>, limits: Limits): KeepPlace {
  const ctx = executionContext(c);
  return {
    later: ctx && ((work) => ctx.waitUntil(work)),
    kv: c.env.SESSIONS,
    address: callerAddress(c.env, (n) => c.req.header(n)),
    quota: { count: limits.keepRendersPerHour, bytes: limits.keepBytesPerHour },
    renderKey: c.env.RENDER_KEY || undefined,
  };
}
