// npm run bench:heap: the Worker's own JavaScript memory under a long mixed load. The app runs in
// Node (same code as in workerd) with an in-memory KV; after each round the heap is collected and
// measured. Under `wrangler dev` workerd's RSS also grows with dev-mode bookkeeping (the floor
// Worker's does too), so this is where a leak in the server's code would show. The event loop
// turns after each request, as it does between a server's requests: work a request leaves to finish
// on a later turn (a hash the answer did not wait for) is done then, not held until the soak ends.
// The keep quota is lifted, as in the load bench, so every render is kept (past the quota every
// render after the first few would be a refusal).
import { readFileSync } from 'node:fs';
import { createApp } from '../src/app.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { inProcessEnv, NO_WAIT } from '../test/helpers/in-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const PER_ROUND = Number(process.env.PER_ROUND ?? 2500);
/** Growth past warm-up, in KiB per 1000 requests, over which the soak fails (CI runs it). */
const GROWTH_LIMIT_KIB = Number(process.env.HEAP_GROWTH_LIMIT_KIB ?? 500);
const app = createApp({ store: catalogueStore });
// The request log stays on, as deployed; its batches are part of the memory under test.
// The quota's vars set past any count the soak reaches (bench/cold-start.mjs's KEEP_UNLIMITED).
const env = { ...inProcessEnv('on'), KEEP_RENDERS_PER_HOUR: '1000000000', KEEP_BYTES_PER_HOUR: '1000000000000' } as Env;
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
  await new Promise((resolve) => setImmediate(resolve));
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
// A leak of the size of anything a request holds (a body, an answer: a kilobyte and more) grows the
// heap by 1000 KiB per 1000 requests or more; the level heap of a sound run moves by a few dozen.
if (growth > GROWTH_LIMIT_KIB) {
  log(
    `the heap grew by more than ${GROWTH_LIMIT_KIB} KiB per 1000 requests after warm-up: something is kept per request`,
  );
  process.exitCode = 1;
}
