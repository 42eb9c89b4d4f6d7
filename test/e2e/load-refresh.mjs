// End-to-end: bounded concurrent load across index refreshes gives no 5xx. A fresh server over a
// local bucket whose index is padded with many old entries (so each read of it takes a while) and
// trusted for one second, so refreshes keep happening in the background while six clients send a
// mix of MCP (both eras) and REST calls; halfway through, the index is rewritten with one entry
// more, and the clients must see it listed (the refresh was adopted under load). Nothing may answer
// 5xx, no fetch may fail, and the log must not show a request waiting on another request's I/O.
// Usage: node test/e2e/load-refresh.mjs   (LOAD_PORT picks the port, default 8797; LOAD_SECONDS the length, default 30)
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULT, runProcess, shippedState, withFreshServer, wrangler } from './fresh-server.mjs';
import { getElementMessage, modernMessage } from './modern-message.mjs';
import { finish, step } from './steps.mjs';

const port = Number(process.env.LOAD_PORT ?? 8797);
const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const CLIENTS = 6;
const PADDING = 400;
const BUCKET_RELEASE = 'ai@2026-05-06-beta';
const realistic = readFileSync('test/e2e/fixtures/realistic-15.json', 'utf8');

/** Old betas no one published: listed, never alias targets, unreadable when named. */
const padding = (count, from = 0) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2001, 0, 1 + from + i)).toISOString().slice(0, 10);
    const hash = `sha256-${(from + i).toString(16).padStart(64, '0')}`;
    return { id: `ai@${day}-beta`, status: 'beta', created_at: `${day}T00:00:00Z`, content_hash: hash, aliases: [] };
  });

/** Runs wrangler with `args` (see runProcess); fails with its output when it fails. */
async function wranglerRun(args, what) {
  const run = await runProcess(wrangler(args));
  if (run.status !== 0) throw new Error(`${what} failed:\n${run.stdout}\n${run.stderr}`);
}

/** Writes `index` as the bucket's index.json in the local bucket at `state`. */
async function putIndex(state, dir, index) {
  const file = join(dir, 'index.json');
  writeFileSync(file, JSON.stringify(index));
  const args = ['r2', 'object', 'put', 'dtpr-releases/index.json', '--local', '--persist-to', state];
  await wranglerRun([...args, '--file', file, '--content-type', 'application/json'], 'writing the index');
}

async function readIndex(state, dir) {
  const file = join(dir, 'read.json');
  const args = ['r2', 'object', 'get', 'dtpr-releases/index.json', '--local', '--persist-to', state];
  await wranglerRun([...args, '--file', file], 'reading the index');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A 2026-07-28 call as the load sends it. */
const asCall = ({ headers, body }) => ({ path: '/mcp', method: 'POST', headers, body: JSON.stringify(body) });
const modern = (method, params, name) => asCall(modernMessage(method, params, name));
const getElement = (version) => asCall(getElementMessage(version));

/** The calls each client cycles through. */
const MIX = [
  modern('server/discover'),
  getElement('ai@latest'),
  getElement(BUCKET_RELEASE),
  getElement(padding(1, 7)[0].id),
  modern('tools/call', { name: 'list_schema_versions', arguments: {} }, 'list_schema_versions'),
  {
    path: '/mcp',
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } }),
  },
  { path: '/api/v2/schemas', method: 'GET' },
  { path: `/api/v2/schemas/${BUCKET_RELEASE}/elements/institution`, method: 'GET' },
  {
    path: '/api/v2/schemas/ai@latest/validate',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: realistic,
  },
];

const work = mkdtempSync(join(tmpdir(), 'dtpr-load-'));
try {
  const state = join(work, 'state');
  await shippedState(state);
  const published = await readIndex(state, work);
  const padded = { ...published, versions: [...padding(PADDING), ...published.versions] };
  await putIndex(state, work, padded);
  const late = padding(1, PADDING)[0].id;

  const result = await withFreshServer(
    { port, state, vars: ['RATE_LIMIT:off', 'LOCAL_DEV:on', 'INDEX_TTL_SECONDS:1'] },
    async (server) => {
      const statuses = new Map();
      const faults = [];
      let sent = 0;
      let sawLate = false;
      const end = Date.now() + seconds * 1000;
      const client = async (n) => {
        for (let i = n; Date.now() < end; i++) {
          const call = MIX[i % MIX.length];
          try {
            const res = await fetch(server.url + call.path, {
              method: call.method,
              headers: call.headers,
              body: call.body,
            });
            const text = await res.text();
            sent++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500) faults.push(`${res.status} ${call.path}: ${text.slice(0, 200)}`);
            if (call.path === '/api/v2/schemas' && text.includes(late)) sawLate = true;
          } catch (e) {
            faults.push(`${call.path}: ${e.message} ${e.cause?.message ?? ''}`);
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      try {
        // Halfway, the index gains an entry: a refresh under load must adopt it.
        await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
        await putIndex(state, work, { ...padded, versions: [...padded.versions, ...padding(1, PADDING)] });
      } finally {
        // The clients end at `end` whatever happened above, before the server stops.
        await Promise.allSettled(clients);
      }
      return { sent, statuses, faults, sawLate, log: server.log() };
    },
  );
  // Checked once the server has stopped: while it runs, this process's output is its log.
  const counts = [...result.statuses].map(([s, n]) => `${n}x${s}`).join(', ');
  await step(
    `${result.sent} calls from ${CLIENTS} clients over ${seconds} s, index re-read every second: no 5xx (${counts})`,
    () => assert.deepEqual(result.faults.slice(0, 5), []),
  );
  await step('the index written during the load was adopted', () => assert.ok(result.sawLate, `${late} never listed`));
  await step('the log shows no request waiting on I/O of another', () =>
    assert.doesNotMatch(result.log, new RegExp(`different request|${FAULT.source}`, 'i')),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
