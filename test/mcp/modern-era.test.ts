import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, MODERN_RPC } from '../../src/mcp/era-2026-07-28-rules.js';
import { fetchWorker, JSON_HEADERS, postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { MODERN_META as META, modern, PROTOCOL_VERSION_KEY as PV } from '../helpers/modern.js';

describe('2026-07-28: discovery and results', () => {
  it('server/discover names the revision, the capabilities with MCP Apps, and how to start', async () => {
    const r = await modern('server/discover');
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      ttlMs: expect.any(Number),
      capabilities: { tools: {}, resources: {}, prompts: {}, extensions: { 'io.modelcontextprotocol/ui': {} } },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'dtpr-server' } },
    });
    expect(r.json.result.instructions).toMatch(/list_schema_versions/);
    expect(r.json.result.capabilities.logging).toBeUndefined();
    // Our own composed DTPR icon, served by the REST icon route; no websiteUrl without PUBLIC_ORIGIN.
    const identity = r.json.result._meta['io.modelcontextprotocol/serverInfo'];
    expect(identity.icons[0]).toMatchObject({ mimeType: 'image/svg+xml', src: expect.stringMatching(/\/icon\.svg$/) });
    expect(identity.websiteUrl).toBeUndefined();
    const icon = await fetchWorker(new URL(identity.icons[0].src).pathname);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toMatch(/^<svg/);
  });

  it('issues no session, and lists carry public cache hints in a fixed order', async () => {
    const a = await modern('tools/list');
    const b = await modern('tools/list');
    expect(a.headers.get('mcp-session-id')).toBeNull();
    expect(a.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public', ttlMs: 300_000 });
    expect(a.text).toBe(b.text);
    for (const method of ['prompts/list', 'resources/list', 'resources/templates/list']) {
      expect((await modern(method)).json.result).toMatchObject({ cacheScope: 'public', resultType: 'complete' });
    }
  });

  it('a read of a stable release by its id is public and long-lived; by an alias, short', async () => {
    const stable = await modern('resources/read', { uri: 'dtpr://schemas/ai@2026-08-12/categories' });
    expect(stable.json.result).toMatchObject({ cacheScope: 'public', ttlMs: 86_400_000 });
    const alias = await modern('resources/read', { uri: 'dtpr://schemas/ai@latest/categories' });
    expect(alias.json.result).toMatchObject({ cacheScope: 'public', ttlMs: 300_000 });
  });

  it('tools/call answers the envelope with resultType and the server identity', async () => {
    const r = await modern('tools/call', {
      name: 'get_element',
      arguments: { version: 'ai@latest', element_id: 'people' },
    });
    expect(r.status).toBe(200);
    expect(r.json.result.structuredContent.ok).toBe(true);
    expect(r.json.result.resultType).toBe('complete');
    expect(r.json.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('dtpr-server');
  });
});

describe('2026-07-28: renders without sessions', () => {
  it('render_datachain links a handle any later request reads; an unknown handle is -32602', async () => {
    const r = await modern('tools/call', {
      name: 'render_datachain',
      arguments: { version: 'ai@2026-08-12', datachain: REALISTIC },
    });
    const link = r.json.result.content.find((c: { type: string }) => c.type === 'resource_link');
    expect(link.uri).toMatch(/^ui:\/\/dtpr\/render\/[0-9a-f]{64}\.html$/);
    const read = await modern('resources/read', { uri: link.uri });
    expect(read.json.result.contents[0].text).toContain('<!doctype html>');
    expect(read.json.result).toMatchObject({ cacheScope: 'private' });
    // SEP-2164: an unknown resource is -32602 with the URI it was asked for in the error's data.
    const unknown = `ui://dtpr/render/${'0'.repeat(64)}.html`;
    const missing = await modern('resources/read', { uri: unknown });
    expect(missing.json.error).toMatchObject({
      code: -32602,
      data: { code: 'not_found', path: 'params.uri', uri: unknown },
    });
  });
});

describe('2026-07-28: the transport rules', () => {
  it('a header that disagrees with the body, or is missing, is 400 HeaderMismatch', async () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, string | undefined>]> = [
      ['tools/list', {}, { 'mcp-method': 'prompts/list' }],
      ['tools/list', {}, { 'mcp-method': undefined }],
      ['tools/call', { name: 'get_element', arguments: {} }, { 'mcp-name': 'get_elements' }],
      ['tools/call', { name: 'get_element', arguments: {} }, { 'mcp-name': undefined }],
      ['tools/list', {}, { 'mcp-protocol-version': undefined }],
      ['tools/list', {}, { 'mcp-name': undefined, 'mcp-protocol-version': '2025-11-25' }],
    ];
    for (const [method, params, headers] of cases) {
      const r = await modern(method, params, headers);
      expect({ method, headers, status: r.status, code: r.json.error?.code }).toEqual({
        method,
        headers,
        status: 400,
        code: MODERN_RPC.HEADER_MISMATCH,
      });
      expect(r.json.error.data.fix_hint).toBeTruthy();
    }
  });

  it('Mcp-Name may carry the Base64 sentinel form; a raw non-ASCII value is refused', async () => {
    const uri = 'dtpr://schemas/ai@2026-08-12/categories';
    const ok = await modern('resources/read', { uri }, { 'mcp-name': `=?base64?${btoa(uri)}?=` });
    expect(ok.status).toBe(200);
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(decodeHeaderValue(' padded ')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?@@?=')).toBeUndefined();
  });

  it('a Base64 Mcp-Name that starts with a BOM does not match the body value without it', async () => {
    const uri = 'dtpr://schemas/ai@2026-08-12/categories';
    const bom = btoa(String.fromCharCode(0xef, 0xbb, 0xbf) + uri);
    expect(decodeHeaderValue(`=?base64?${bom}?=`)).toBe(`\uFEFF${uri}`);
    const r = await modern('resources/read', { uri }, { 'mcp-name': `=?base64?${bom}?=` });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: MODERN_RPC.HEADER_MISMATCH, data: { fix_hint: expect.any(String) } });
  });

  it('a JSON array of 2026-07-28 messages is 400 -32600 (one message per POST), not answered as a 2025 batch', async () => {
    const entry = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } });
    const withHeaders: Record<string, string>[] = [
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      {},
    ];
    for (const headers of withHeaders) {
      const r = await postMcp([entry(1), entry(2)], headers);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, data: { code: 'bad_request', fix_hint: expect.stringMatching(/own POST/) } },
      });
      expect(r.json.error.message).toMatch(/one message per POST/);
    }
    // A 2025 batch (no 2026-07-28 _meta) is still answered.
    const batch = await postMcp([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).toBe(200);
  });

  it('an array sent under the 2026-07-28 header is refused as one message per POST, even without _meta', async () => {
    for (const body of [[{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], []]) {
      const r = await postMcp(body, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(/one message per POST/);
      expect(r.json.error.message).not.toMatch(/Unsupported/);
    }
  });

  it('the 2026-07-28 header over a body that names a 2025 revision is a header mismatch with the request id', async () => {
    const meta = { [PV]: '2025-11-25', 'io.modelcontextprotocol/clientCapabilities': {} };
    const r = await postMcp(
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: meta } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ id: 7, error: { code: MODERN_RPC.HEADER_MISMATCH } });
    expect(r.json.error.message).toMatch(/'2026-07-28' does not match body value '2025-11-25'/);
  });

  it('a missing or non-string params.name or params.uri is -32602 at that path, not a header mismatch', async () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['tools/call', { name: 5, arguments: {} }, 'params.name', /not a number/],
      ['tools/call', { arguments: {} }, 'params.name', /is missing/],
      ['prompts/get', { name: '' }, 'params.name', /not an empty string/],
      ['resources/read', { uri: ['x'] }, 'params.uri', /not an array/],
    ];
    for (const [method, params, path, message] of cases) {
      const r = await modern(method, params, { 'mcp-name': '5' });
      expect({ method, status: r.status, code: r.json.error?.code, id: r.json.id }).toEqual({
        method,
        status: 400,
        code: -32602,
        id: 1,
      });
      expect(r.json.error.data).toMatchObject({ path, fix_hint: expect.stringMatching(/params\./) });
      expect(r.json.error.message).toMatch(message);
    }
  });

  it('an unsupported revision is 400 -32022 with the supported list', async () => {
    const r = await postMcp(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { [PV]: '2099-01-01' } } },
      { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
    );
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: MODERN_RPC.UNSUPPORTED_VERSION,
      data: { supported: expect.arrayContaining(['2026-07-28', '2025-11-25']), requested: '2099-01-01' },
    });
  });

  it('a _meta without the revision or the client capabilities is 400 -32602 naming what to add', async () => {
    for (const meta of [{ 'io.modelcontextprotocol/clientCapabilities': {} }, { [PV]: '2026-07-28' }]) {
      const r = await postMcp(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      );
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ code: -32602, data: { path: 'params._meta' } });
      expect(r.json.error.data.fix_hint).toMatch(/io\.modelcontextprotocol\//);
    }
  });

  it("a _meta log level that is not one of MCP's is 400 -32602 naming the levels; a valid one is read", async () => {
    for (const level of ['loud', 5]) {
      const r = await postMcp(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: { ...META, 'io.modelcontextprotocol/logLevel': level } },
        },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      );
      expect(r.status, String(level)).toBe(400);
      expect(r.json.error).toMatchObject({ code: -32602, data: { path: 'params._meta' } });
      expect(r.json.error.data.fix_hint).toMatch(/debug, info/);
    }
    const fine = await postMcp(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'warning' } },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(fine.json.result?.tools?.length).toBeGreaterThan(0);
  });

  it('the unsupported-version error and server/discover list the same revisions; a 2025 one in _meta is the 2025 era', async () => {
    const discovered = (await modern('server/discover')).json.result.supportedVersions;
    const refused = await postMcp(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { [PV]: '2099-01-01' } } },
      { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
    );
    expect(refused.json.error.data.supported).toEqual(discovered);
    const legacy = await postMcp(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { [PV]: '2025-11-25' } } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    expect(legacy.status).toBe(200);
    expect(legacy.json.result.tools.length).toBeGreaterThan(0);
    expect(legacy.json.result.resultType).toBeUndefined();
  });

  it('methods the revision removed, and unknown ones, are 404 -32601', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'nope']) {
      const r = await modern(method);
      expect({ method, status: r.status, code: r.json.error.code }).toEqual({ method, status: 404, code: -32601 });
      // The hint names what this revision serves: server/discover and subscriptions/listen, not initialize or ping.
      expect(r.json.error.data.fix_hint).toMatch(/server\/discover.*subscriptions\/listen/);
      expect(r.json.error.data.fix_hint).not.toMatch(/initialize|ping/);
    }
  });

  it('a notification is 202 with no body; subscriptions/listen acknowledges nothing and ends', async () => {
    const n = await postMcp(
      { jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: META } },
      { 'mcp-protocol-version': '2026-07-28' },
    );
    expect(n.status).toBe(202);
    expect(n.text).toBe('');
    const l = await modern('subscriptions/listen', { notifications: { toolsListChanged: true } });
    expect(l.headers.get('content-type')).toBe('text/event-stream');
    const events = l.text
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.replace(/^event: message\ndata: /, '')));
    expect(events[0]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: {} },
    });
    expect(events[1]).toMatchObject({ id: 1, result: { resultType: 'complete' } });
  });

  it('a 2025 request is untouched: initialize issues a session, a batch is answered', async () => {
    const init = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    expect(init.headers.get('mcp-session-id')).toBeTruthy();
    expect(init.json.result.resultType).toBeUndefined();
    const batch = await fetchWorker('/mcp', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
    });
    expect(batch.status).toBe(200);
  });
});
