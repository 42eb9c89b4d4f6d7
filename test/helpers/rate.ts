import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';

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

const app = createApp();

/** Sends a request through the app with rate limiting on and the given bindings over the test env. */
export async function fetchWith(bindings: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://127.0.0.1:8787${path}`, init), { ...env, RATE_LIMIT: 'on', ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
