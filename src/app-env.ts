import type { Context } from 'hono';
import type { ErrorItem } from './core/envelope.js';
import type { SchemaStore } from './store/store.js';

/** Hono typing shared by every route and middleware. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    store: SchemaStore;
    /** JSON-RPC methods and tools of an /mcp request, for the log line. */
    rpc?: string[];
    /** Set when the Origin rule refused the request's origin: its answer grants that origin no CORS access. */
    originRefused?: true;
  };
}

/**
 * How a surface turns a middleware refusal into an answer: /mcp answers JSON-RPC errors,
 * REST answers the envelope; the HTTP status is the policy status of the error's code.
 * Middleware factories take one so they stay surface-agnostic.
 */
export type Refuser = (c: Context, error: ErrorItem, headers?: Record<string, string>) => Response;

/** The request's execution context (its `waitUntil`), or none for an app called without one (in-process tests). */
export function executionContext(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}
