import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, MODERN_RPC } from '../../src/mcp/era.js';
import { fetchWorker, JSON_HEADERS, postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';

const PV = 'io.modelcontextprotocol/protocolVersion';
const META = { [PV]: '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A 2026-07-28 request with the headers the revision requires (each may be overridden or removed with undefined). */
async function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | undefined> = {},
) {
  const name = (params.name ?? params.uri) as string | undefined;
  const all: Record<string, string | undefined> = {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return postMcp({ jsonrpc: '2.0', id: 1, method, params: { _meta: META, ...params } }, sent);
}

describe('2026-07-28: discovery and results', () => {
  it('server/discover names the revision, the capabilities with MCP Apps, and how to start', async () => {
    const r = await modern('server/discover');
    expect(r.status).toBe(200);
    expect(r.json.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
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
    const missing = await modern('resources/read', { uri: `ui://dtpr/render/${'0'.repeat(64)}.html` });
    expect(missing.json.error).toMatchObject({ code: -32602, data: { code: 'not_found', path: 'params.uri' } });
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

  it('methods the revision removed, and unknown ones, are 404 -32601', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'nope']) {
      const r = await modern(method);
      expect({ method, status: r.status, code: r.json.error.code }).toEqual({ method, status: 404, code: -32601 });
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
