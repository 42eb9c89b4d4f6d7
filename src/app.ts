import { Hono } from 'hono/tiny';
import type { AppEnv } from './app-env.js';
import { mcpRoutes } from './mcp/route.js';
import { restRoutes } from './rest/routes.js';
import { corsPreflight } from './middleware/cors.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { exactPath } from './middleware/exact-path.js';
import { frame } from './middleware/frame.js';
import { embeddedStore } from './store/embedded.js';
import type { SchemaStore } from './store/store.js';

export interface AppOptions {
  store?: () => SchemaStore;
}

/** The whole HTTP surface: middleware in order, then /mcp, /api/v2 and /healthz. */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const getStore = options.store ?? embeddedStore;
  const app = new Hono<AppEnv>();
  app.use('*', frame(getStore));
  app.use('*', exactPath);
  app.options('*', corsPreflight());
  app.route('/mcp', mcpRoutes());
  app.route('/api/v2', restRoutes());
  app.get('/healthz', (c) => c.json({ ok: true, service: 'dtpr-server' }));
  app.notFound(notFound);
  app.onError(errorHandler);
  return app;
}
