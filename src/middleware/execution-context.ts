import type { Context } from 'hono';

/** The request's execution context (its `waitUntil`), or none for an app called without one (in-process tests). */
export function executionContext(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}
