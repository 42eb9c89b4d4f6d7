import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { tokenTaker } from '../core/rate.js';
import { limitsFrom, publicOrigin } from '../core/settings.js';
import type { KeepPlace, SessionStore } from '../store/sessions.js';
import type { McpContext } from './context.js';
import { keepPlace } from './keep-place.js';

/**
 * The context of one /mcp request, as every era builds it; the era chooses the session store
 * (`sessions`, made on first use: most calls never touch it) and says which session the client named.
 */
export function requestContext(
  c: Context<AppEnv>,
  sessions: (place: KeepPlace) => SessionStore,
  clientSessionId?: string,
): McpContext {
  const limits = limitsFrom(c.env);
  const origin = publicOrigin(c.env, c.req.url);
  return {
    clientSessionId,
    limits,
    sessionRecords: c.env.SESSIONS,
    website: c.env.PUBLIC_ORIGIN ? origin : undefined,
    caller: {
      store: c.get('store'),
      get sessions() {
        return sessions(keepPlace(c, limits));
      },
      limits,
      origin,
      requestId: c.get('requestId'),
      takeToken: tokenTaker(c.env, (n) => c.req.header(n)),
    },
  };
}
