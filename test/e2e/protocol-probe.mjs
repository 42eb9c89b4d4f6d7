#!/usr/bin/env node
// Raw-HTTP probe of the Streamable HTTP transport rules that @modelcontextprotocol/conformance 0.1.16 does NOT exercise.
// Usage: node protocol-probe.mjs http://127.0.0.1:PORT/mcp
// Each line: PASS/FAIL/INFO, the rule, what was seen. Level: MUST / SHOULD (MCP spec), SDK (what the official SDK server does),
// CONTRACT (this project's contract (docs/decisions), where it deliberately differs from the bare spec).
// Exit status: 1 if any check FAILs, 0 otherwise (INFO lines never fail the run).
const url = process.argv[2] || 'http://127.0.0.1:3101/mcp';
const ACCEPT = 'application/json, text/event-stream';
const results = [];
const report = (ok, level, rule, seen) => {
  if (ok !== null) ok = !!ok;
  results.push(ok);
  console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'} [${level}] ${rule} -- ${seen}`);
};
async function post(body, headers = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    for (const d of text.matchAll(/^data: ?(.+)$/gm))
      try {
        json = JSON.parse(d[1]);
      } catch {}
  } // SSE: last data event
  return { status: r.status, ct: r.headers.get('content-type'), sid: r.headers.get('mcp-session-id'), text, json };
}
const init = (pv = '2025-11-25', id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: pv, capabilities: {}, clientInfo: { name: 'protocol-probe', version: '1' } },
});

const r1 = await post(init());
const pv = r1.json?.result?.protocolVersion;
report(
  r1.status === 200 && /^(application\/json|text\/event-stream)/.test(r1.ct || ''),
  'MUST',
  'initialize -> 200 with Content-Type application/json or text/event-stream',
  `${r1.status} ${r1.ct}`,
);
report(
  !!(pv && r1.json.result.capabilities && r1.json.result.serverInfo?.name && r1.json.result.serverInfo?.version),
  'MUST',
  'InitializeResult has protocolVersion, capabilities, serverInfo{name,version}',
  String(JSON.stringify(r1.json?.result ?? r1.json ?? r1.text)).slice(0, 120),
);
const sid = r1.sid;
report(null, 'MAY', 'server assigns Mcp-Session-Id on the initialize response', sid ? `yes: ${sid}` : 'no (stateless)');
if (sid) report(/^[\x21-\x7e]+$/.test(sid), 'MUST', 'session id is visible ASCII 0x21-0x7E', sid);
const H = { 'mcp-protocol-version': pv || '2025-11-25', ...(sid ? { 'mcp-session-id': sid } : {}) };

const r2 = await post(init('1999-01-01', 2));
report(
  r2.status === 200 && r2.json?.result?.protocolVersion && r2.json.result.protocolVersion !== '1999-01-01',
  'MUST',
  'initialize with unsupported protocolVersion -> answers with a version the server supports (not an error)',
  `${r2.status} ${r2.json?.result?.protocolVersion ?? JSON.stringify(r2.json?.error)}`,
);

const r3 = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, H);
report(
  r3.status === 202 && r3.text === '',
  'MUST',
  'notification -> 202 Accepted, empty body',
  `${r3.status} body=${JSON.stringify(r3.text.slice(0, 60))}`,
);
const r3b = await post({ jsonrpc: '2.0', id: 'srv-1', result: {} }, H);
report(r3b.status === 202, 'MUST', 'JSON-RPC response POSTed by client -> 202 Accepted', `${r3b.status}`);

const r4 = await post({ jsonrpc: '2.0', id: 4, method: 'ping' }, H);
report(
  r4.status === 200 && r4.json?.id === 4 && r4.json?.result && Object.keys(r4.json.result).length === 0,
  'MUST',
  'ping -> result {} with the same id',
  `${r4.status} ${r4.text.slice(0, 80)}`,
);

const r5 = await post({ jsonrpc: '2.0', id: 5, method: 'ping' }, { ...H, 'mcp-protocol-version': '1999-01-01' });
report(
  r5.status === 400,
  'MUST',
  'MCP-Protocol-Version header with unsupported value -> 400 Bad Request',
  `${r5.status}`,
);
const r5b = await post({ jsonrpc: '2.0', id: 6, method: 'ping' }, sid ? { 'mcp-session-id': sid } : {});
report(r5b.status === 200, 'SHOULD', 'no MCP-Protocol-Version header -> accepted (assume 2025-03-26)', `${r5b.status}`);
const r5c = await post({ jsonrpc: '2.0', id: 7, method: 'ping' }, { ...H, 'mcp-protocol-version': '2025-03-26' });
report(
  null,
  'INFO',
  'MCP-Protocol-Version: 2025-03-26 (conformance server-sse-multiple-streams and server-sse-polling send this on raw POSTs)',
  `${r5c.status}`,
);

const r6 = await post(
  [
    { jsonrpc: '2.0', id: 8, method: 'ping' },
    { jsonrpc: '2.0', id: 9, method: 'ping' },
  ],
  H,
);
report(
  r6.status === 200 && Array.isArray(r6.json) && r6.json.map((x) => x.id).join() === '8,9',
  'CONTRACT',
  'JSON-RPC batch processed in order, responses in a matching array (DTPR seed; the MCP spec dropped batches in 2025-06-18, so this server keeps them as an extension)',
  `${r6.status} ${r6.text.slice(0, 80)}`,
);
const r6b = await post([{ jsonrpc: '2.0', method: 'notifications/initialized' }], H);
report(
  r6b.status === 204 && r6b.text === '',
  'CONTRACT',
  'batch of notifications only -> 204, empty body (DTPR seed)',
  `${r6b.status}`,
);
const r6c = await post([], H);
report(
  r6c.status === 400 && r6c.json?.error?.code === -32600,
  'CONTRACT',
  'empty batch -> 400 with -32600',
  `${r6c.status} ${r6c.text.slice(0, 80)}`,
);

const r7 = await post({ jsonrpc: '2.0', id: 10, method: 'no/such/method' }, H);
report(
  r7.json?.error?.code === -32601 && r7.json?.id === 10,
  'MUST',
  'unknown method -> JSON-RPC error -32601 with the request id',
  `${r7.status} ${JSON.stringify(r7.json?.error)}`,
);
const r8 = await post('{"jsonrpc":"2.0","id":11,', H);
report(
  r8.json?.error?.code === -32700,
  'MUST',
  'malformed JSON -> JSON-RPC error -32700 (HTTP 400 is what the SDK server uses)',
  `${r8.status} ${JSON.stringify(r8.json?.error)}`,
);
const r8b = await post(
  { jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'definitely_not_a_tool', arguments: {} } },
  H,
);
report(
  null,
  'INFO',
  'tools/call unknown tool (spec example: JSON-RPC -32602; SDK McpServer returns isError:true result instead)',
  `${r8b.status} ${JSON.stringify(r8b.json?.error ?? r8b.json?.result).slice(0, 100)}`,
);

const g = await fetch(url, { method: 'GET', headers: { accept: 'text/event-stream', ...H } });
const gct = g.headers.get('content-type');
await g.body?.cancel();
report(
  g.status === 405 || (g.status === 200 && /^text\/event-stream/.test(gct || '')),
  'MUST',
  'GET -> 405 Method Not Allowed, or 200 text/event-stream',
  `${g.status} ${gct}`,
);

const o = await post({ jsonrpc: '2.0', id: 13, method: 'ping' }, { ...H, origin: 'http://evil.example.com' });
report(
  o.status === 403,
  'MUST',
  'invalid Origin -> 403 Forbidden (2025-11-25 wording; 2025-06-18: MUST validate Origin)',
  `${o.status}`,
);
// fetch() will not override Host, so use node:http for this one.
const { request } = await import('node:http');
const ohStatus = await new Promise((res) => {
  const u = new URL(url);
  const rq = request(
    {
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, host: 'evil.example.com', ...H },
    },
    (r) => {
      r.resume();
      res(r.statusCode);
    },
  );
  rq.on('error', (e) => res(String(e)));
  rq.end(JSON.stringify({ jsonrpc: '2.0', id: 14, method: 'ping' }));
});
report(
  null,
  'INFO',
  'non-loopback Host header (no Origin) -> 4xx (conformance dns-rebinding-protection sends Host AND Origin together)',
  `${ohStatus}`,
);
const a = await post({ jsonrpc: '2.0', id: 15, method: 'ping' }, { ...H, accept: 'text/plain' });
report(a.status === 406, 'SDK', 'Accept without application/json -> 406 Not Acceptable', `${a.status}`);
const c = await fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'text/plain', accept: ACCEPT, ...H },
  body: JSON.stringify({ jsonrpc: '2.0', id: 16, method: 'ping' }),
});
await c.body?.cancel();
report(c.status === 415, 'SDK', 'Content-Type not application/json -> 415 Unsupported Media Type', `${c.status}`);

if (sid) {
  const s1 = await post(
    { jsonrpc: '2.0', id: 17, method: 'ping' },
    { 'mcp-protocol-version': H['mcp-protocol-version'] },
  );
  report(
    s1.status === 200,
    'CONTRACT',
    'request without Mcp-Session-Id still served (documented fallback slot)',
    `${s1.status}`,
  );
  const s2 = await post({ jsonrpc: '2.0', id: 18, method: 'ping' }, { ...H, 'mcp-session-id': 'client-chosen-id' });
  report(
    s2.status === 200,
    'CONTRACT',
    'client-chosen Mcp-Session-Id accepted (DTPR seed: any opaque string)',
    `${s2.status}`,
  );
  const s2b = await post({ jsonrpc: '2.0', id: 20, method: 'ping' }, { ...H, 'mcp-session-id': 'bad id with spaces' });
  report(s2b.status === 400, 'CONTRACT', 'Mcp-Session-Id outside visible ASCII -> 400', `${s2b.status}`);
  const d = await fetch(url, { method: 'DELETE', headers: H });
  await d.body?.cancel();
  report(d.status === 204, 'CONTRACT', 'DELETE with Mcp-Session-Id clears its render slot -> 204', `${d.status}`);
}

// 2026-07-28 (no handshake): the revision in _meta and in MCP-Protocol-Version, Mcp-Method / Mcp-Name mirrors.
{
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const M = (method, extra = {}) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...extra });
  const disc = await post(
    { jsonrpc: '2.0', id: 30, method: 'server/discover', params: { _meta: META } },
    M('server/discover'),
  );
  report(
    disc.status === 200 && disc.json?.result?.supportedVersions?.includes('2026-07-28') && !disc.sid,
    'MUST',
    '2026-07-28 server/discover answers supportedVersions, no Mcp-Session-Id',
    `${disc.status} ${JSON.stringify(disc.json?.result?.supportedVersions)} sid=${disc.sid}`,
  );
  report(
    disc.json?.result?.resultType === 'complete' && !!disc.json?.result?._meta?.['io.modelcontextprotocol/serverInfo'],
    'MUST',
    '2026-07-28 results carry resultType "complete" and serverInfo in _meta',
    JSON.stringify(disc.json?.result?.resultType),
  );
  const mm = await post({ jsonrpc: '2.0', id: 31, method: 'tools/list', params: { _meta: META } }, M('prompts/list'));
  report(
    mm.status === 400 && mm.json?.error?.code === -32020,
    'MUST',
    'Mcp-Method differing from the body -> 400 -32020',
    `${mm.status} ${mm.json?.error?.code}`,
  );
  const nn = await post(
    { jsonrpc: '2.0', id: 32, method: 'tools/call', params: { _meta: META, name: 'get_element', arguments: {} } },
    M('tools/call'),
  );
  report(
    nn.status === 400 && nn.json?.error?.code === -32020,
    'MUST',
    'tools/call without Mcp-Name -> 400 -32020',
    `${nn.status} ${nn.json?.error?.code}`,
  );
  const b64 = await post(
    {
      jsonrpc: '2.0',
      id: 33,
      method: 'tools/call',
      params: { _meta: META, name: 'list_schema_versions', arguments: {} },
    },
    M('tools/call', { 'mcp-name': `=?base64?${Buffer.from('list_schema_versions').toString('base64')}?=` }),
  );
  report(
    b64.status === 200 && !b64.json?.error,
    'MUST',
    'Mcp-Name in the Base64 sentinel form is decoded',
    `${b64.status}`,
  );
  const uv = await post(
    {
      jsonrpc: '2.0',
      id: 34,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
    },
    { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
  );
  report(
    uv.status === 400 && uv.json?.error?.code === -32022 && Array.isArray(uv.json?.error?.data?.supported),
    'MUST',
    'unsupported revision -> 400 -32022 with data.supported and data.requested',
    `${uv.status} ${JSON.stringify(uv.json?.error?.data)}`,
  );
  const gone = await post({ jsonrpc: '2.0', id: 35, method: 'ping', params: { _meta: META } }, M('ping'));
  report(
    gone.status === 404 && gone.json?.error?.code === -32601,
    'MUST',
    '2026-07-28 ping (removed) -> 404 -32601',
    `${gone.status} ${gone.json?.error?.code}`,
  );
  const note = await post(
    { jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: META } },
    M('notifications/initialized'),
  );
  report(note.status === 202 && note.text === '', 'MUST', '2026-07-28 notification -> 202, no body', `${note.status}`);
  const list = await post({ jsonrpc: '2.0', id: 36, method: 'tools/list', params: { _meta: META } }, M('tools/list'));
  report(
    typeof list.json?.result?.ttlMs === 'number' && ['public', 'private'].includes(list.json?.result?.cacheScope),
    'MUST',
    '2026-07-28 tools/list carries ttlMs and cacheScope',
    `${list.json?.result?.ttlMs} ${list.json?.result?.cacheScope}`,
  );
}
// Headers as raw bytes: fetch() trims a value's surrounding whitespace before sending, a raw client may not.
{
  const { connect } = await import('node:net');
  const raw = (headers, body) =>
    new Promise((resolve, reject) => {
      const u = new URL(url);
      const socket = connect(Number(u.port), u.hostname);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      const lines = [
        `POST ${u.pathname} HTTP/1.1`,
        `Host: ${u.host}`,
        'Content-Type: application/json',
        `Accept: ${ACCEPT}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...headers,
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  const answer = await raw(
    ['MCP-Protocol-Version: 2025-11-25  ', 'Mcp-Session-Id: probe-raw-session\t'],
    JSON.stringify({ jsonrpc: '2.0', id: 40, method: 'ping' }),
  );
  const status = Number(answer.split(' ')[1]);
  report(
    status === 200 && answer.includes('"result":{}'),
    'MUST',
    'spaces and tabs around a header value are not part of it (RFC 9110 5.5): MCP-Protocol-Version and Mcp-Session-Id with trailing whitespace are read without it',
    `${status} ${answer.slice(answer.indexOf('\r\n\r\n') + 4, answer.indexOf('\r\n\r\n') + 120)}`,
  );
}
{
  // A body streamed without Content-Length past the limit (64 KiB): refused with 413, and the next
  // request, on another connection, is answered as usual (a stream cancelled mid-body once left
  // wrangler dev's proxy answering the next request 503, or not at all).
  const chunk = new TextEncoder().encode(`${' '.repeat(8191)}\n`);
  let sent = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (sent >= 9) return controller.close();
      sent++;
      controller.enqueue(chunk);
    },
  });
  const big = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT },
    body: stream,
    duplex: 'half',
  });
  await big.text();
  const next = await Promise.race([
    post({ jsonrpc: '2.0', id: 41, method: 'ping' }, { 'mcp-protocol-version': pv || '2025-11-25' }),
    new Promise((resolve) => setTimeout(() => resolve({ status: 'no answer in 20 s', text: '' }), 20_000)),
  ]);
  report(
    big.status === 413 && next.status === 200 && next.json?.id === 41,
    'CONTRACT',
    'a body streamed past the size limit is 413, and the next request is answered as usual',
    `${big.status}, then ${next.status} ${String(next.text).slice(0, 80)}`,
  );
}
const f = results.filter((x) => x === false).length,
  p = results.filter((x) => x === true).length;
console.log(`${p} passed, ${f} failed`);
process.exitCode = f > 0 ? 1 : 0;
