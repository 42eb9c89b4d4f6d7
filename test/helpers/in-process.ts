import { DEFAULT_LIMITS } from '../../src/core/settings.js';
import { NO_SESSION } from '../../src/store/sessions.js';
import type { SchemaStore } from '../../src/store/store.js';
import type { CallContext } from '../../src/tools/kernel/define.js';

/** The part of a KV namespace the session slots use, in memory. */
export function memoryKv(): KVNamespace {
  const data = new Map<string, string>();
  return {
    get: async (key: string) => data.get(key) ?? null,
    put: async (key: string, value: string) => {
      data.set(key, value);
    },
    delete: async (key: string) => {
      data.delete(key);
    },
  } as unknown as KVNamespace;
}

/**
 * Bindings for running the app in Node (generators, benches): an in-memory session store, no
 * rate limiting (no bindings), and the request log as `log` says.
 */
export function inProcessEnv(log: 'on' | 'off' = 'off'): Env {
  return { SESSIONS: memoryKv(), REQUEST_LOG: log, RATE_LIMIT: 'off' } as unknown as Env;
}

/** An execution context that runs nothing after the answer. */
export const NO_WAIT = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;

/** The capabilities of a direct tool call (no HTTP): a store, no session, the default limits. */
export function directCaller(store: SchemaStore, requestId = 'direct', origin = 'http://localhost'): CallContext {
  return { store, sessions: NO_SESSION, limits: DEFAULT_LIMITS, origin, requestId };
}
