import type { SchemaStore } from './store/store.js';

/** Hono typing shared by every route and middleware. */
export interface AppEnv {
  Bindings: Env;
  Variables: { requestId: string; store: SchemaStore };
}
