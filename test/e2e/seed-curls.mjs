// End-to-end: the curl examples of the "Connecting" documentation, run unchanged but for the host.
// Usage: node test/e2e/seed-curls.mjs http://127.0.0.1:PORT
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
let passed = 0;
let failed = 0;
function curl(args) {
  const out = execFileSync('curl', ['-s', '-i', ...args], { encoding: 'utf8' });
  const [head, ...rest] = out.split(/\r?\n\r?\n/);
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: rest.join('\n\n') };
}
function step(name, fn) {
  try {
    fn();
    passed++;
    console.log(`PASS ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}

step('initialize + tools/list batch with a client session id', () => {
  const r = curl([
    `${base}/mcp`,
    '-H',
    'content-type: application/json',
    '-H',
    'mcp-session-id: demo-session',
    '--data',
    '[\n  {"jsonrpc":"2.0","id":1,"method":"initialize"},\n  {"jsonrpc":"2.0","id":2,"method":"tools/list"}\n]',
  ]);
  assert.equal(r.status, 200);
  const [init, list] = JSON.parse(r.body);
  assert.equal(init.id, 1);
  assert.ok(init.result.protocolVersion && init.result.serverInfo.name && init.result.capabilities.tools);
  assert.ok(list.result.tools.some((t) => t.name === 'get_element'));
  assert.match(r.headers, /mcp-session-id: demo-session/);
});
step('wire format: initialize with empty params', () => {
  const r = curl([
    `${base}/mcp`,
    '-H',
    'Content-Type: application/json',
    '-H',
    'Accept: application/json',
    '-H',
    'mcp-session-id: 01HR',
    '--data',
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
  ]);
  assert.equal(r.status, 200);
  const body = JSON.parse(r.body);
  // Seed 001 shows 2025-06-18 here; the contract answers a request without a supported version with the newest one.
  assert.equal(body.result.protocolVersion, '2025-11-25');
  assert.ok(body.result.serverInfo.version);
});
step('a tool call with a real element id', () => {
  const r = curl([
    `${base}/mcp`,
    '-H',
    'content-type: application/json',
    '--data',
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_element","arguments":{"version":"ai@2026-04-16-beta","element_id":"accessibility"}}}',
  ]);
  const body = JSON.parse(r.body);
  assert.equal(body.result.structuredContent.ok, true);
  assert.deepEqual(JSON.parse(body.result.content[0].text), body.result.structuredContent);
});
step('GET /mcp is 405', () => {
  assert.equal(curl([`${base}/mcp`]).status, 405);
});
step('unknown method is -32601', () => {
  const r = curl([
    `${base}/mcp`,
    '-H',
    'content-type: application/json',
    '--data',
    '{"jsonrpc":"2.0","id":9,"method":"nope"}',
  ]);
  assert.equal(JSON.parse(r.body).error.code, -32601);
});
step('batch of notifications only is 204', () => {
  const r = curl([
    `${base}/mcp`,
    '-H',
    'content-type: application/json',
    '--data',
    '[{"jsonrpc":"2.0","method":"notifications/initialized"}]',
  ]);
  assert.equal(r.status, 204);
});

// The README's 2026-07-28 examples: no handshake, the revision in _meta and in headers.
const MODERN = ['-H', 'content-type: application/json', '-H', 'mcp-protocol-version: 2026-07-28'];
step('2026-07-28: server/discover with no handshake and no session', () => {
  const r = curl([
    `${base}/mcp`,
    ...MODERN,
    '-H',
    'mcp-method: server/discover',
    '--data',
    '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
  ]);
  assert.equal(r.status, 200);
  assert.ok(!/^mcp-session-id:/m.test(r.headers));
  const versions = JSON.parse(r.body).result.supportedVersions;
  assert.equal(versions[0], '2026-07-28');
  assert.ok(versions.includes('2025-11-25'), 'the handshake revisions are listed too');
});
step('2026-07-28: tools/call with Mcp-Name', () => {
  const r = curl([
    `${base}/mcp`,
    ...MODERN,
    '-H',
    'mcp-method: tools/call',
    '-H',
    'mcp-name: get_element',
    '--data',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_element","arguments":{"version":"ai@latest","element_id":"people"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}',
  ]);
  assert.equal(r.status, 200);
  const result = JSON.parse(r.body).result;
  assert.equal(result.structuredContent.data.element.id, 'people');
  assert.equal(result.resultType, 'complete');
});
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
