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
