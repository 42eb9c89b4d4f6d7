import { Hono } from 'hono/tiny';
import type { AppEnv } from './app-env.js';
import { MemoRouter } from './core/memo-router.js';
import { PlainRouter } from './core/plain-router.js';
import { PrefixRouter } from './core/prefix-router.js';
import { limitsFrom } from './core/settings.js';
import { ERA_REQUEST_HEADERS } from './mcp/eras.js';
import { refuseRpc, mcpRoutes } from './mcp/route.js';
import { bodyLimit } from './middleware/guards.js';
import { corsPreflight } from './middleware/cors.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { frame } from './middleware/frame.js';
import { originGuard } from './middleware/guards.js';
import { refuseRest } from './rest/respond.js';
import { methodNotAllowed, restRoutes } from './rest/routes.js';
import { SessionSlots } from './store/sessions.js';
import { deploymentStore } from './store/deployment.js';
import type { SchemaStore } from './store/store.js';

export interface AppOptions {
  /**
   * Where releases come from; asked once, on the first request. By default `deploymentStore` without
   * files: the releases whose texts the script carries plus the `RELEASES` bucket. The Worker's entry
   * (src/index.ts) passes the embedded set's files; a deployable build carries no texts.
   */
  store?: (env: Env) => SchemaStore;
  /** The session slots of this app (one per isolate): its body cache and clock. */
  slots?: SessionSlots;
}

const bodyBytes = (c: { env: Env }) => limitsFrom(c.env).bodyBytes;

/** The whole HTTP surface: middleware in order, then /mcp, /api/v2 and /healthz. */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A router per route that compares segments (Hono's pattern router for any pattern it cannot),
  // asked only on a path with the route's prefix; its matches kept per path.
  app.router = new MemoRouter(new PrefixRouter(() => new PlainRouter()));
  app.use('*', frame(options.store ?? deploymentStore));
  // The Origin rule of /mcp comes first, so its preflight agrees with it (a refused origin is refused both ways).
  app.use('/mcp', originGuard(refuseRpc));
  app.options('*', corsPreflight(ERA_REQUEST_HEADERS));
  app.use('/mcp', bodyLimit(refuseRpc, bodyBytes));
  app.route('/mcp', mcpRoutes(options.slots ?? new SessionSlots()));
  app.use('/api/v2/*', bodyLimit(refuseRest, bodyBytes));
  app.route('/api/v2', restRoutes());
  app.get('/healthz', (c) => c.json({ ok: true, service: 'dtpr-server' }));
  app.all('/healthz', methodNotAllowed(['GET']));
  app.notFound(notFound);
  app.onError(errorHandler);
  return app;
}
