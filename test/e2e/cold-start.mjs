// End-to-end: every first request answers. For each kind of first request, a fresh `wrangler dev`
// (a new isolate, nothing loaded) gets that request before any other, not even a health check (the
// script waits for the port to open). Run twice: over the shipped releases, and with a newer stable
// release published to the bucket only (so `ai@latest`, which the server identity and icons name,
// is a release nothing has read). Each server has its own local bucket under a temporary directory.
// Usage: node test/e2e/cold-start.mjs   (COLD_PORT picks the port; default 8798)
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finish, step } from './steps.mjs';

const port = Number(process.env.COLD_PORT ?? 8798);
const base = `http://127.0.0.1:${port}`;
const MODERN = '2026-07-28';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
const embedded = JSON.parse(readFileSync('schemas/embedded.json', 'utf8')).embedded;
const EMBEDDED_BETA = embedded.find((id) => id.endsWith('-beta'));
const BUCKET_RELEASE = 'ai@2026-05-06-beta';
assert.ok(EMBEDDED_BETA && !embedded.includes(BUCKET_RELEASE), 'schemas/embedded.json changed: pick other releases');

/** Publishes every release under `root` to a local bucket at `state`. */
function publish(root, state) {
  const args = ['tsx', 'cli/bin.ts', 'publish', '--all', '--local', '--root', root, '--persist-to', state];
  const run = spawnSync('npx', args, { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`publish failed:\n${run.stdout}\n${run.stderr}`);
}

/** The schemas tree plus a stable release dated after every shipped one, a copy of the newest stable. */
function rootWithNewerStable(dir) {
  const root = join(dir, 'schemas');
  cpSync('schemas', root, { recursive: true });
  const newer = join(root, 'ai', '2099-01-01');
  cpSync(join(root, 'ai', '2026-08-12'), newer, { recursive: true });
  const meta = readFileSync(join(newer, 'meta.yaml'), 'utf8')
    .replace(/^version: .*$/m, 'version: ai@2099-01-01')
    .replace(/^created_at: .*$/m, 'created_at: "2099-01-01T00:00:00Z"');
  writeFileSync(join(newer, 'meta.yaml'), meta);
  return root;
}

const portOpen = () =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts a fresh wrangler dev over `state`, waits for its port (sending nothing), runs `first`, stops it by PID. */
async function withFreshServer(state, first) {
  if (await portOpen()) throw new Error(`port ${port} is already in use: set COLD_PORT`);
  const server = spawn(
    'npx',
    ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', state, '--log-level', 'warn'],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  try {
    const deadline = Date.now() + 120_000;
    while (!(await portOpen())) {
      if (Date.now() > deadline) throw new Error(`wrangler dev did not open ${port}:\n${log.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await first();
    assert.doesNotMatch(log, /ReleasePending|Internal error|uncaught/i, 'the server log shows a fault');
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => server.once('exit', r));
    // `npx` can exit before workerd has closed its socket; the next server must not be mistaken
    // for this one, so wait until nothing listens on the port.
    const closedBy = Date.now() + 60_000;
    while (await portOpen()) {
      if (Date.now() > closedBy) throw new Error(`port ${port} still open after the server stopped`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function post(body, headers = {}) {
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.status < 500, `HTTP ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: JSON.parse(text), headers: res.headers };
}

/** A 2026-07-28 request: the revision in `_meta` and in the headers it requires. */
function modern(method, params = {}, name) {
  const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': method };
  if (name) headers['mcp-name'] = name;
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: {
      ...params,
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  };
  return post(body, headers);
}

const getElement = (version) =>
  modern('tools/call', { name: 'get_element', arguments: { version, element_id: 'institution' } }, 'get_element');

/** Each kind of first request and what its answer must hold. */
const FIRST_REQUESTS = [
  [
    'server/discover (2026-07-28)',
    async () => {
      const { status, body } = await modern('server/discover');
      assert.equal(status, 200);
      assert.ok(body.result.supportedVersions.includes(MODERN));
      assert.equal(body.result.resultType, 'complete');
      assert.ok(
        body.result._meta['io.modelcontextprotocol/serverInfo'].icons?.length,
        'the identity carries its icons',
      );
    },
  ],
  [
    `tools/call get_element on an embedded release, ${EMBEDDED_BETA} (2026-07-28)`,
    async () => {
      const { body } = await getElement(EMBEDDED_BETA);
      assert.equal(body.result.structuredContent.ok, true, JSON.stringify(body).slice(0, 300));
    },
  ],
  [
    `tools/call get_element on a bucket release, ${BUCKET_RELEASE} (2026-07-28)`,
    async () => {
      const { body } = await getElement(BUCKET_RELEASE);
      assert.equal(body.result.structuredContent.ok, true, JSON.stringify(body).slice(0, 300));
    },
  ],
  [
    'resources/templates/list (2026-07-28)',
    async () => {
      const { body } = await modern('resources/templates/list');
      assert.ok(body.result.resourceTemplates.length > 0);
    },
  ],
  [
    'initialize (2025-11-25)',
    async () => {
      const init = {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'cold-start', version: '1' },
      };
      const { status, body, headers } = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init });
      assert.equal(status, 200);
      assert.equal(body.result.protocolVersion, '2025-11-25');
      assert.ok(headers.get('mcp-session-id'));
    },
  ],
  [
    'REST GET /api/v2/schemas/ai@latest/elements/institution',
    async () => {
      const res = await fetch(`${base}/api/v2/schemas/ai@latest/elements/institution`);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal((await res.json()).ok, true);
    },
  ],
];

const work = mkdtempSync(join(tmpdir(), 'dtpr-cold-'));
try {
  const scenarios = [
    ['shipped releases', 'schemas'],
    ['a newer stable release in the bucket only', rootWithNewerStable(work)],
  ];
  for (const [scenario, root] of scenarios) {
    const state = join(work, scenario.replace(/\W+/g, '-'));
    publish(root, state);
    for (const [name, first] of FIRST_REQUESTS) {
      await step(`first request on a fresh server, ${scenario}: ${name}`, () => withFreshServer(state, first));
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
