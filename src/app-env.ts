import type { SchemaStore } from './store/store.js';

/** Hono typing shared by every route and middleware. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    store: SchemaStore;
    /** JSON-RPC methods and tools of an /mcp request, for the log line. */
    rpc?: string[];
  };
}
