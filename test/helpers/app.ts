import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';

const app = createApp();

/** Sends a request through the app with the given bindings over the test env (a failing KV, a var...). */
export async function fetchWith(bindings: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://127.0.0.1:8787${path}`, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
