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

/** A whole number from the environment, at least `min`; anything else stops the soak before it starts. */
function setting(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}
const ROUNDS = setting('ROUNDS', 8, 4);
const PER_ROUND = setting('PER_ROUND', 2500, 1);
/**
 * Growth past warm-up, in KiB per 1000 requests, over which the soak fails (CI runs it). Each tool
 * gets one MCP request in eight, so something kept per call of one tool fails it from about 1.2 KB
 * a call (an answer, a body, a page); a sound run's slope stays within a few dozen either way.
 */
const GROWTH_LIMIT_KIB = setting('HEAP_GROWTH_LIMIT_KIB', 150, 1);
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

/** Reads an answer through; the soak stops at the first answer that is not the success it asked for. */
async function succeeded(answer: Response, what: string, holds?: string): Promise<void> {
  const text = await answer.text();
  if (answer.status !== 200 || text.includes('"isError":true') || (holds && !text.includes(holds)))
    throw new Error(`${what} did not succeed as the soak needs (${answer.status}): ${text.slice(0, 300)}`);
}

let i = 0;
async function once(): Promise<void> {
  const call = calls[i % calls.length]!;
  const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: call });
  const headers = { 'content-type': 'application/json', 'mcp-session-id': `s${i % 50}`, 'dtpr-client': `c${i % 500}` };
  // A render must be kept (its answer links the kept page), or the soak would measure refusals.
  const keeps = call.name === 'render_datachain' ? '"resource_link"' : undefined;
  await succeeded(
    await app.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers }), env, ctx),
    call.name,
    keeps,
  );
  // A query new to the isolate on every request: the answer cache fills to its bound in round 1.
  await succeeded(
    await app.fetch(
      new Request(`http://127.0.0.1/api/v2/schemas/ai@2026-08-12/elements?limit=50&query=data${i}`),
      env,
      ctx,
    ),
    'the REST list',
  );
  i++;
  await new Promise((resolve) => setImmediate(resolve));
}

/** What the server's JavaScript holds: the heap and the memory of its ArrayBuffers (prepared answers' bytes), in MiB. */
const held = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1048576;
};

const heaps: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (let k = 0; k < PER_ROUND; k++) await once();
  gc();
  gc();
  heaps.push(held());
  log(`round ${round}: ${i} MCP + ${i} REST requests, heap and ArrayBuffers after GC ${heaps.at(-1)!.toFixed(1)} MiB`);
}
// Past warm-up (round 1, where the caches fill), the least-squares slope of what is held per round.
const after = heaps.slice(1);
const meanX = (after.length - 1) / 2;
const meanY = after.reduce((a, b) => a + b, 0) / after.length;
const slope =
  after.reduce((sum, y, x) => sum + (x - meanX) * (y - meanY), 0) /
  after.reduce((sum, _y, x) => sum + (x - meanX) ** 2, 0);
const growth = (slope * 1024) / ((PER_ROUND * 2) / 1000);
log(`growth after warm-up: ${growth.toFixed(2)} KiB per 1000 requests (limit ${GROWTH_LIMIT_KIB})`);
if (growth > GROWTH_LIMIT_KIB) {
  log(
    `the heap grew by more than ${GROWTH_LIMIT_KIB} KiB per 1000 requests after warm-up: something is kept per request`,
  );
  process.exitCode = 1;
}
