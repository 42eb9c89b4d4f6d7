import { Hono } from 'hono';
import type { AppEnv } from './app-env.js';
import { mcpRoutes } from './mcp/route.js';
import { restRoutes } from './rest/routes.js';
import { cors } from './middleware/cors.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { logger } from './middleware/logger.js';
import { requestId } from './middleware/request-id.js';
import { securityHeaders } from './middleware/security-headers.js';
import { embeddedStore } from './store/embedded.js';
import type { SchemaStore } from './store/store.js';

export interface AppOptions {
  store?: () => SchemaStore;
}

/** The whole HTTP surface: middleware in order, then /mcp, /api/v2 and /healthz. */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const getStore = options.store ?? embeddedStore;
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders());
  app.use('*', requestId());
  app.use('*', logger());
  app.use('*', cors());
  app.use('*', async (c, next) => {
    c.set('store', getStore());
    await next();
  });
  app.route('/mcp', mcpRoutes());
  app.route('/api/v2', restRoutes());
  app.get('/healthz', (c) => c.json({ ok: true, service: 'dtpr-server' }));
  app.notFound(notFound);
  app.onError(errorHandler);
  return app;
}
