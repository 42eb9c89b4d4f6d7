// End-to-end: the official MCP SDK v2 client, bundled for the browser, in a real headless Chromium
// on a page of another origin (a second loopback server), talking to the server's /mcp across
// origins, so every request passes the CORS preflight. Three connects: pinned to 2026-07-28 (first
// try, server/discover, no initialize), `auto` (must land on 2026-07-28, not fall back), and the
// default (2025-11-25 through initialize and a session). Then the preflight itself, from Node: an
// allowed origin gets the MCP headers; a disallowed origin is refused by the preflight as by /mcp.
// Usage: node test/e2e/sdk-v2-browser.mjs http://127.0.0.1:PORT/mcp
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from './chromium.mjs';
import { finish, step } from './steps.mjs';

const mcpUrl = new URL(process.argv[2] ?? 'http://127.0.0.1:8787/mcp');
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What the page runs: one client per call of `window.connectAndCall(mode)`, with a fetch that
 * records each request (JSON-RPC method, revision and session headers) and its HTTP status. `mode`
 * is 'default' (no versionNegotiation), 'auto', or a revision to pin.
 */
const PAGE_SCRIPT = `
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

window.connectAndCall = async (mcpUrl, mode) => {
  const log = [];
  const recordingFetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    let method;
    try { method = JSON.parse(String(init.body ?? '{}')).method; } catch { method = undefined; }
    const entry = {
      httpMethod: init.method ?? 'GET',
      method,
      version: headers.get('mcp-protocol-version'),
      session: headers.get('mcp-session-id'),
    };
    log.push(entry);
    const response = await fetch(input, init);
    entry.status = response.status;
    return response;
  };
  const options = mode === 'default' ? {} : { versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: mode } } };
  const client = new Client({ name: 'dtpr-e2e-browser', version: '1.0.0' }, options);
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: recordingFetch });
  try {
    await client.connect(transport);
    const negotiated = client.getNegotiatedProtocolVersion();
    const { tools } = await client.listTools();
    const call = await client.callTool({ name: 'get_element', arguments: { version: 'ai@latest', element_id: 'people' } });
    return {
      origin: location.origin,
      negotiated,
      sessionId: transport.sessionId ?? null,
      tools: tools.map((t) => t.name),
      call: { isError: call.isError ?? false, ok: call.structuredContent?.ok, id: call.structuredContent?.data?.element?.id },
      log,
    };
  } catch (e) {
    return { origin: location.origin, error: String(e && e.stack ? e.stack : e), log };
  } finally {
    await client.close().catch(() => {});
  }
};
window.ready = true;
`;

/** The SDK client and the page script as one browser bundle, built into a fresh temporary folder. */
async function buildPage() {
  const dir = mkdtempSync(join(tmpdir(), 'dtpr-sdk-v2-browser-'));
  await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: repoRoot, sourcefile: 'page.mjs', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outfile: join(dir, 'page.js'),
    logLevel: 'warning',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>SDK v2 client</title><script type="module" src="/page.js"></script>',
  );
  return dir;
}

/** A static server on 127.0.0.1 and a free port: another origin than the MCP server's. */
async function servePage(dir) {
  const files = { '/': ['index.html', 'text/html'], '/page.js': ['page.js', 'text/javascript'] };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url, 'http://x').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${file[1]}; charset=utf-8` }).end(readFileSync(join(dir, file[0])));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

const posted = (log) => log.filter((r) => r.httpMethod === 'POST').map((r) => r.method);
const describe = (run) => JSON.stringify({ error: run.error, log: run.log }).slice(0, 600);

const dir = await buildPage();
const { server: pageServer, origin: pageOrigin } = await servePage(dir);
const browser = await launchChromium();

try {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(`${pageOrigin}/`);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 60_000 });
  const connect = (mode) => page.evaluate(([url, m]) => window.connectAndCall(url, m), [mcpUrl.href, mode]);

  await step('the page is on another origin than the server', async () => {
    assert.notEqual(pageOrigin, mcpUrl.origin);
    assert.deepEqual(pageErrors, []);
  });

  const pinned = await connect(MODERN);
  await step(`pinned to ${MODERN}: connects on the first try through server/discover`, async () => {
    assert.equal(pinned.error, undefined, describe(pinned));
    assert.equal(pinned.origin, pageOrigin);
    assert.equal(pinned.negotiated, MODERN);
    assert.deepEqual(posted(pinned.log).slice(0, 3), ['server/discover', 'tools/list', 'tools/call'], describe(pinned));
    assert.ok(
      pinned.log.every((r) => r.status === 200),
      describe(pinned),
    );
  });
  await step(`pinned to ${MODERN}: tools/list and tools/call get_element, no initialize, no session`, async () => {
    assert.ok(pinned.tools?.includes('get_element'), describe(pinned));
    assert.deepEqual(pinned.call, { isError: false, ok: true, id: 'people' });
    assert.ok(!posted(pinned.log).includes('initialize'), 'initialize was sent');
    assert.equal(pinned.sessionId, null);
    assert.ok(
      pinned.log.every((r) => r.version === MODERN && r.session === null),
      describe(pinned),
    );
  });

  const auto = await connect('auto');
  await step(`auto: negotiates ${MODERN}, without falling back to ${LEGACY}`, async () => {
    assert.equal(auto.error, undefined, describe(auto));
    assert.equal(auto.negotiated, MODERN, describe(auto));
    assert.equal(posted(auto.log)[0], 'server/discover', describe(auto));
    assert.ok(!posted(auto.log).includes('initialize'), `it fell back to initialize: ${describe(auto)}`);
    assert.deepEqual(auto.call, { isError: false, ok: true, id: 'people' });
  });

  const legacy = await connect('default');
  await step(`default: ${LEGACY} through initialize and a session, across origins`, async () => {
    assert.equal(legacy.error, undefined, describe(legacy));
    assert.equal(legacy.negotiated, LEGACY);
    assert.equal(posted(legacy.log)[0], 'initialize', describe(legacy));
    assert.ok(!posted(legacy.log).includes('server/discover'), 'server/discover was sent');
    // The session id is read from a response header, so the server must expose it across origins.
    assert.ok(legacy.sessionId, 'no Mcp-Session-Id was readable by the page');
    const call = legacy.log.find((r) => r.method === 'tools/call');
    assert.equal(call?.session, legacy.sessionId, describe(legacy));
    assert.equal(call?.version, LEGACY);
    assert.deepEqual(legacy.call, { isError: false, ok: true, id: 'people' });
  });

  await step('no error on the page', async () => {
    assert.deepEqual(pageErrors, []);
  });
} finally {
  await browser.close();
  pageServer.close();
  rmSync(dir, { recursive: true, force: true });
}

/** A CORS preflight of a POST to /mcp carrying the headers of a 2026-07-28 tools/call. */
const preflight = (origin) =>
  fetch(mcpUrl, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,mcp-protocol-version,mcp-method,mcp-name',
    },
  });

await step('preflight from an allowed origin: allowed, with the MCP headers of both eras', async () => {
  const r = await preflight(pageOrigin);
  assert.ok(r.status >= 200 && r.status < 300, `status ${r.status}`);
  assert.ok(r.headers.get('access-control-allow-origin'), 'no Access-Control-Allow-Origin');
  const allowed = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  for (const h of ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id']) {
    assert.ok(allowed.includes(h), `${h} missing from Access-Control-Allow-Headers: ${allowed.join(',')}`);
  }
});

const EVIL = 'https://evil.example';
await step(`a POST to /mcp from ${EVIL} is refused (403)`, async () => {
  const r = await fetch(mcpUrl, {
    method: 'POST',
    headers: { origin: EVIL, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  assert.equal(r.status, 403);
});
await step(`the preflight from ${EVIL} is refused too: no Access-Control-Allow-Origin`, async () => {
  const r = await preflight(EVIL);
  const allowOrigin = r.headers.get('access-control-allow-origin');
  assert.equal(allowOrigin, null, `the preflight allows ${EVIL} (Access-Control-Allow-Origin: ${allowOrigin})`);
});

finish({ exit: true });
