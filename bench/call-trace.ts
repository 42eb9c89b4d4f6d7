// npm run bench:trace: a diagnostic that lists which project files, and how many of their functions,
// run during one warm `tools/call validate_datachain` on /mcp. It sets no limit: the count depends on
// how code is split into files, and names come before that number. The app runs in-process (Node,
// in-memory KV). V8's precise coverage is taken after warm-up calls (taking it resets the counts),
// then after exactly one more call: a file counts when any of its functions ran in that call. Module
// start-up and first-use loading are excluded by the warm-up.
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { createApp } from '../src/app.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { inProcessEnv, NO_WAIT } from '../test/helpers/in-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const app = createApp({ store: catalogueStore });
const env = inProcessEnv();
const datachain = JSON.parse(readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'));
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'validate_datachain', arguments: { version: 'ai@2026-08-12', datachain } },
});
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = async () => {
  const res = await app.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers }), env, NO_WAIT);
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"ok":true'))
    throw new Error(`unexpected answer ${res.status}: ${text.slice(0, 200)}`);
};

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
for (let i = 0; i < 5; i++) await call();
await session.post('Profiler.takePreciseCoverage');
await call();
const { result } = (await session.post('Profiler.takePreciseCoverage')) as Coverage;
const files = result
  .filter((s) => s.url.startsWith('file://') && !s.url.includes('/node_modules/'))
  .map((s) => ({ file: relative(ROOT, fileURLToPath(s.url)), ran: s.functions.filter((f) => f.ranges[0]!.count > 0) }))
  .filter((s) => s.file.startsWith('src/') && s.ran.length > 0)
  .sort((a, b) => a.file.localeCompare(b.file));
for (const f of files) console.log(`${f.file}  (${f.ran.length} functions)`);
console.log(`\n${files.length} project files ran during one warm tools/call validate_datachain.`);
