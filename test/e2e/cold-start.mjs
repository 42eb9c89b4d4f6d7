// End-to-end: every first request answers. For each kind of first request, a fresh dev server (as
// `wrangler dev` starts it, decision 060: a new isolate, nothing loaded) gets that request before
// any other, not even a health check (the script waits until it listens). Run twice: over the
// shipped releases, and with a newer stable release published to the bucket only (so `ai@latest`
// is a release nothing has read, and the server's icons, drawn from the newest stable release the
// deployment ships, must not follow it: decision 048). Each scenario's servers have a local bucket of their own under
// a temporary directory.
// Usage: node test/e2e/cold-start.mjs   (COLD_PORT picks the port; default 8798)
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstRequest, publish, shippedState } from './fresh-server.mjs';
import { getElementMessage, MODERN, modernMessage } from './modern-message.mjs';
import { finish, step } from './steps.mjs';

const port = Number(process.env.COLD_PORT ?? 8798);
const base = `http://127.0.0.1:${port}`;
const embedded = JSON.parse(readFileSync('schemas/embedded.json', 'utf8')).embedded;
const EMBEDDED_BETA = embedded.find((id) => id.endsWith('-beta'));
const EMBEDDED_STABLE = embedded.find((id) => !id.endsWith('-beta'));
const BUCKET_RELEASE = 'ai@2026-05-06-beta';
/** What ai@latest names over the shipped releases: the newest stable one under schemas/ai. */
const SHIPPED_LATEST = `ai@${readdirSync('schemas/ai', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.endsWith('-beta'))
  .map((entry) => entry.name)
  .sort()
  .at(-1)}`;
assert.ok(
  EMBEDDED_BETA && EMBEDDED_STABLE && !embedded.includes(BUCKET_RELEASE),
  'schemas/embedded.json changed: pick other releases',
);

const NEWER_STABLE = 'ai@2099-01-01';

/** The schemas tree plus NEWER_STABLE, dated after every shipped release: a copy of the newest stable. */
function rootWithNewerStable(dir) {
  const root = join(dir, 'schemas');
  cpSync('schemas', root, { recursive: true });
  const newer = join(root, 'ai', '2099-01-01');
  cpSync(join(root, 'ai', SHIPPED_LATEST.slice('ai@'.length)), newer, { recursive: true });
  const meta = readFileSync(join(newer, 'meta.yaml'), 'utf8')
    .replace(/^version: .*$/m, `version: ${NEWER_STABLE}`)
    .replace(/^created_at: .*$/m, 'created_at: "2099-01-01T00:00:00Z"');
  writeFileSync(join(newer, 'meta.yaml'), meta);
  return root;
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
  const { headers, body } = modernMessage(method, params, name);
  return post(body, headers);
}

const getElement = (version) => {
  const { headers, body } = getElementMessage(version);
  return post(body, headers);
};

const clientInfo = { name: 'cold-start', version: '1' };

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
    `tools/call get_element on the shipped stable release, ${EMBEDDED_STABLE} (2026-07-28)`,
    async () => {
      const { body } = await getElement(EMBEDDED_STABLE);
      assert.equal(body.result.structuredContent.ok, true, JSON.stringify(body).slice(0, 300));
      assert.equal(body.result.structuredContent.meta.version, EMBEDDED_STABLE);
    },
  ],
  [
    "initialize (2025-11-25), then the catalogue and tools/list: the icons stay the shipped stable release's",
    async (bucketLatest) => {
      const rpc = (id, method, params = {}) => post({ jsonrpc: '2.0', id, method, params });
      const init = await rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo });
      const icon = init.body.result.serverInfo.icons[0].src;
      assert.match(icon, new RegExp(`/schemas/${EMBEDDED_STABLE}/`));
      // A call that needs the whole catalogue reads the bucket's index; the icons do not follow ai@latest.
      const listed = await rpc(2, 'tools/call', { name: 'list_schema_versions', arguments: {} });
      const latest = listed.body.result.structuredContent.data.versions.find((v) => v.aliases.includes('ai@latest'));
      assert.equal(latest?.id, bucketLatest, JSON.stringify(listed.body).slice(0, 300));
      const tools = await rpc(3, 'tools/list');
      assert.equal(
        tools.body.result.tools[0].icons[0].src.replace(/\/elements\/.*$/, ''),
        icon.replace(/\/elements\/.*$/, ''),
      );
      const svg = await fetch(icon.replace(/^https?:\/\/[^/]+/, base));
      assert.equal(svg.status, 200);
      assert.match(svg.headers.get('content-type') ?? '', /image\/svg\+xml/);
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
      const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo };
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
  const newer = rootWithNewerStable(work);
  // Each scenario: its name, what it adds to the shipped releases, and what ai@latest is then.
  const scenarios = [
    ['shipped releases', async () => {}, SHIPPED_LATEST],
    // Published on top of the shipped releases, as a publisher adds a release to a live bucket.
    ['a newer stable release in the bucket only', (state) => publish(newer, state, NEWER_STABLE), NEWER_STABLE],
  ];
  for (const [scenario, addTo, latest] of scenarios) {
    const state = join(work, scenario.replace(/\W+/g, '-'));
    await shippedState(state);
    await addTo(state);
    for (const [name, first] of FIRST_REQUESTS) {
      await step(`first request on a fresh server, ${scenario}: ${name}`, () =>
        firstRequest(port, state, () => first(latest)),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
