import { fetchWith } from './app.js';

/** A rate-limit binding that counts calls per key in memory: the first `limit` calls of a key pass. */
export function countingLimiter(limit: number): RateLimit & { calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    async limit({ key }) {
      const n = (calls.get(key) ?? 0) + 1;
      calls.set(key, n);
      return { success: n <= limit };
    },
  };
}

/** Sends a request with rate limiting on (the suite runs with it off) and the given rate bindings. */
export function fetchLimited(bindings: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  return fetchWith({ RATE_LIMIT: 'on', ...bindings }, path, init);
}
