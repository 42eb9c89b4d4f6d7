// npm run bench:heap: the Worker's own JavaScript memory under a long mixed load. The app runs in
// Node (same code as in workerd) with an in-memory KV; after each round the heap is collected and
// measured. Under `wrangler dev` workerd's RSS also grows with dev-mode bookkeeping (the floor
// Worker's does too), so this is where a leak in the server's code would show.
import { readFileSync } from 'node:fs';
import { createApp } from '../src/app.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { inProcessEnv, NO_WAIT } from '../test/helpers/in-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const PER_ROUND = Number(process.env.PER_ROUND ?? 2500);
const app = createApp({ store: catalogueStore });
// The request log stays on, as deployed; its batches are part of the memory under test.
const env = inProcessEnv('on');
const ctx = NO_WAIT;
const realistic = JSON.parse(readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'));
const calls = [
  { name: 'get_element', arguments: { version: 'ai@2026-08-12', element_id: 'input_biometric' } },
  { name: 'list_elements', arguments: { version: 'ai@2026-08-12', query: 'face', limit: 50 } },
  { name: 'validate_datachain', arguments: { version: 'ai@2026-08-12', datachain: realistic } },
  { name: 'render_datachain', arguments: { version: 'ai@2026-08-12', datachain: realistic } },
];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const log = console.log;
console.log = () => {};

let i = 0;
async function once(): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: calls[i % calls.length] });
  const headers = { 'content-type': 'application/json', 'mcp-session-id': `s${i % 50}`, 'dtpr-client': `c${i % 500}` };
  await (await app.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers }), env, ctx)).text();
  // A query new to the isolate on every request: the answer cache fills to its bound in round 1.
  await (
    await app.fetch(
      new Request(`http://127.0.0.1/api/v2/schemas/ai@2026-08-12/elements?limit=50&query=data${i}`),
      env,
      ctx,
    )
  ).text();
  i++;
}

const heaps: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (let k = 0; k < PER_ROUND; k++) await once();
  gc();
  gc();
  heaps.push(process.memoryUsage().heapUsed / 1048576);
  log(`round ${round}: ${i} MCP + ${i} REST requests, heap after GC ${heaps.at(-1)!.toFixed(1)} MiB`);
}
const growth = ((heaps.at(-1)! - heaps[1]!) * 1024) / (((ROUNDS - 2) * PER_ROUND * 2) / 1000);
log(`heap growth after warm-up: ${growth.toFixed(2)} KiB per 1000 requests`);
