import { describe, expect, it } from 'vitest';
import { fetchWorker, postMcp } from '../helpers/http.js';
import { modern } from '../helpers/modern.js';

const ping = (id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('POST /mcp: the HTTP rules of the contract', () => {
  const cases: Array<{
    name: string;
    body: unknown;
    headers?: Record<string, string>;
    status: number;
    check?: (r: Awaited<ReturnType<typeof postMcp>>) => void;
  }> = [
    {
      name: 'body not JSON -> 400 -32700, id null',
      body: '{"jsonrpc":"2.0",',
      status: 400,
      check: (r) => expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } }),
    },
    {
      name: 'single request -> 200 response object',
      body: ping(7),
      status: 200,
      check: (r) => expect(r.json).toEqual({ jsonrpc: '2.0', id: 7, result: {} }),
    },
    {
      name: 'single notification -> 202 empty',
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      status: 202,
      check: (r) => expect(r.text).toBe(''),
    },
    {
      name: 'client response -> 202 empty',
      body: { jsonrpc: '2.0', id: 'srv-1', result: {} },
      status: 202,
      check: (r) => expect(r.text).toBe(''),
    },
    {
      name: 'client error response -> 202',
      body: { jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x' } },
      status: 202,
    },
    {
      name: 'jsonrpc "1.0" -> -32600',
      body: { jsonrpc: '1.0', id: 1, method: 'ping' },
      status: 400,
      check: (r) => expect(r.json.error.code).toBe(-32600),
    },
    {
      name: 'jsonrpc missing -> -32600',
      body: { id: 1, method: 'ping' },
      status: 400,
      check: (r) => expect(r.json.error.code).toBe(-32600),
    },
    {
      name: 'id object -> -32600, id null',
      body: { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' },
      status: 400,
      check: (r) => expect(r.json).toMatchObject({ id: null, error: { code: -32600 } }),
    },
    {
      name: 'id null -> -32600',
      body: { jsonrpc: '2.0', id: null, method: 'ping' },
      status: 400,
      check: (r) => expect(r.json.error.code).toBe(-32600),
    },
    {
      name: 'method number -> -32600',
      body: { jsonrpc: '2.0', id: 1, method: 5 },
      status: 400,
      check: (r) => expect(r.json).toMatchObject({ id: 1, error: { code: -32600 } }),
    },
    { name: 'body null -> -32600', body: 'null', status: 400, check: (r) => expect(r.json.error.code).toBe(-32600) },
    { name: 'body number -> -32600', body: '42', status: 400, check: (r) => expect(r.json.error.code).toBe(-32600) },
    {
      name: 'body string -> -32600',
      body: '"ping"',
      status: 400,
      check: (r) => expect(r.json.error.code).toBe(-32600),
    },
    {
      name: 'unknown method -> -32601 with id',
      body: { jsonrpc: '2.0', id: 'a', method: 'nope/nope' },
      status: 200,
      check: (r) => expect(r.json).toMatchObject({ id: 'a', error: { code: -32601 } }),
    },
    {
      name: 'bad logging/setLevel params -> -32602',
      body: { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'loud' } },
      status: 200,
      check: (r) => expect(r.json.error.code).toBe(-32602),
    },
    {
      name: 'unknown tool -> -32602',
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope', arguments: {} } },
      status: 200,
      check: (r) => expect(r.json.error.code).toBe(-32602),
    },
    {
      name: 'tools/call without name -> -32602',
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} },
      status: 200,
      check: (r) => expect(r.json.error.code).toBe(-32602),
    },
    {
      name: 'unknown resource -> -32602, the URI in its data',
      body: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'ui://nope' } },
      status: 200,
      check: (r) =>
        expect(r.json.error).toMatchObject({
          code: -32602,
          data: { code: 'not_found', path: 'params.uri', uri: 'ui://nope' },
        }),
    },
    {
      name: 'unknown prompt -> -32602',
      body: { jsonrpc: '2.0', id: 1, method: 'prompts/get', params: { name: 'nope' } },
      status: 200,
      check: (r) => expect(r.json.error.code).toBe(-32602),
    },
    {
      name: 'Content-Type text/plain -> 415',
      body: ping(),
      headers: { 'content-type': 'text/plain' },
      status: 415,
      check: (r) =>
        expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'unsupported_media_type' } } }),
    },
    {
      name: 'Content-Encoding gzip (or any coding but identity) -> 415, never read as if it were the JSON',
      body: ping(),
      headers: { 'content-encoding': 'gzip' },
      status: 415,
      check: (r) => {
        expect(r.json).toMatchObject({
          id: null,
          error: { data: { code: 'unsupported_media_type', message: expect.stringContaining("'gzip'") } },
        });
        expect(r.headers.get('accept-encoding')).toBe('identity');
      },
    },
    {
      name: 'Content-Encoding identity is the body as it is',
      body: ping(),
      headers: { 'content-encoding': 'identity' },
      status: 200,
    },
    // UTF-8 named any way, quoted or not, and US-ASCII (a subset of it), are read.
    ...[
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
      'application/json; charset=us-ascii',
    ].map((type) => ({
      name: `Content-Type ${type} accepted`,
      body: ping(),
      headers: { 'content-type': type },
      status: 200,
    })),
    {
      name: 'Content-Type naming another charset -> 415, never read as UTF-8 regardless',
      body: ping(),
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
      status: 415,
      check: (r) =>
        expect(r.json).toMatchObject({
          id: null,
          error: { data: { code: 'unsupported_media_type', message: expect.stringContaining("'iso-8859-1'") } },
        }),
    },
    {
      name: 'Accept text/plain -> 406',
      body: ping(),
      headers: { accept: 'text/plain' },
      status: 406,
      check: (r) => expect(r.json).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'not_acceptable' } } }),
    },
    {
      name: 'Accept */* -> JSON',
      body: ping(),
      headers: { accept: '*/*' },
      status: 200,
      check: (r) => expect(r.headers.get('content-type')).toMatch(/^application\/json/),
    },
    { name: 'no Accept -> JSON', body: ping(), headers: { accept: '' }, status: 200 },
    {
      name: 'Accept only SSE -> one SSE message event',
      body: ping(9),
      headers: { accept: 'text/event-stream' },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(r.text).toBe('event: message\ndata: {"jsonrpc":"2.0","id":9,"result":{}}\n\n');
      },
    },
    { name: 'MCP-Protocol-Version absent -> accepted', body: ping(), status: 200 },
    ...['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'].map((v) => ({
      name: `MCP-Protocol-Version ${v} -> accepted`,
      body: ping(),
      headers: { 'mcp-protocol-version': v },
      status: 200,
    })),
    {
      name: 'MCP-Protocol-Version 1999-01-01 -> 400',
      body: ping(),
      headers: { 'mcp-protocol-version': '1999-01-01' },
      status: 400,
      check: (r) => expect(r.json.jsonrpc).toBe('2.0'),
    },
    {
      name: 'foreign Origin -> 403',
      body: ping(),
      headers: { origin: 'http://evil.example.com' },
      status: 403,
      check: (r) => expect(r.json.error.data.code).toBe('forbidden_origin'),
    },
    {
      name: 'loopback Origin any port -> allowed',
      body: ping(),
      headers: { origin: 'http://localhost:5173' },
      status: 200,
    },
    { name: '127.0.0.1 Origin -> allowed', body: ping(), headers: { origin: 'http://127.0.0.1:8787' }, status: 200 },
    { name: '[::1] Origin -> allowed', body: ping(), headers: { origin: 'http://[::1]:3000' }, status: 200 },
    { name: 'Origin "null" -> 403', body: ping(), headers: { origin: 'null' }, status: 403 },
    { name: 'session id with spaces -> 400', body: ping(), headers: { 'mcp-session-id': 'bad id' }, status: 400 },
    {
      name: 'session id of 129 chars -> 400',
      body: ping(),
      headers: { 'mcp-session-id': 'x'.repeat(129) },
      status: 400,
    },
    {
      name: 'session id of 128 visible chars -> ok',
      body: ping(),
      headers: { 'mcp-session-id': '!'.repeat(128) },
      status: 200,
    },
    // Not visible ASCII (DEL). A non-ASCII id is checked in test/unit/session-id.test.ts: sent through
    // the runtime's Headers, it makes workerd print a warning that reads like a failure.
    {
      name: 'session id with a control character -> 400',
      body: ping(),
      headers: { 'mcp-session-id': 'sess\x7fion' },
      status: 400,
    },
  ];
  for (const t of cases) {
    it(t.name, async () => {
      const r = await postMcp(t.body, t.headers);
      expect(r.status).toBe(t.status);
      expect(r.headers.get('x-request-id')).toBeTruthy();
      if (r.status === 202 || r.status === 204) expect(r.text).toBe('');
      else if (r.headers.get('content-type')?.startsWith('text/event-stream'))
        expect(r.text).toMatch(/^event: message\ndata: \{"jsonrpc":"2\.0"/);
      else expect(r.json.jsonrpc).toBe('2.0');
      t.check?.(r);
    });
  }

  it('echoes ids of every allowed type', async () => {
    for (const id of [0, -1, 1.5, 'x', '', 'ü-ñ', Number.MAX_SAFE_INTEGER]) {
      const r = await postMcp(ping(id));
      expect(r.json).toEqual({ jsonrpc: '2.0', id, result: {} });
    }
  });
});

describe('batches', () => {
  it('handles entries in order, omits notifications, gives bad entries their own -32600', async () => {
    const r = await postMcp([
      ping(1),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      null,
      5,
      { jsonrpc: '2.0', id: 3 },
      { jsonrpc: '1.0', id: 4, method: 'ping' },
      { jsonrpc: '2.0', id: 5, method: 'nope' },
      ping(6),
    ]);
    expect(r.status).toBe(200);
    expect(r.json.map((x: any) => [x.id, x.error?.code ?? 'ok'])).toEqual([
      [1, 'ok'],
      [null, -32600],
      [null, -32600],
      [3, -32600],
      [4, -32600],
      [5, -32601],
      [6, 'ok'],
    ]);
  });
  it('empty batch -> 400 with one -32600', async () => {
    const r = await postMcp([]);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });
  it('notifications only -> 204 empty', async () => {
    const r = await postMcp([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ]);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
  it('50 entries are fine, 51 -> 400 -32600', async () => {
    const fifty = await postMcp(Array.from({ length: 50 }, (_, i) => ping(i)));
    expect(fifty.status).toBe(200);
    expect(fifty.json).toHaveLength(50);
    const more = await postMcp(Array.from({ length: 51 }, (_, i) => ping(i)));
    expect(more.status).toBe(400);
    expect(more.json.error.code).toBe(-32600);
  });
  it('seed 001: initialize + tools/list batch with a session id', async () => {
    const r = await postMcp(
      [
        { jsonrpc: '2.0', id: 1, method: 'initialize' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
      { 'mcp-session-id': 'demo-session', accept: 'application/json' },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('mcp-session-id')).toBe('demo-session');
    expect(r.json[0].result.serverInfo.name).toBe('dtpr-server');
    expect(r.json[1].result.tools.length).toBeGreaterThanOrEqual(7);
  });
});

describe('a batch that opens with initialize, without a session id', () => {
  it("puts the rest of the batch in the session it issues: a render there is that session's page, not the shared one's", async () => {
    const { REALISTIC } = await import('../helpers/hostile.js');
    const r = await postMcp([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'render_datachain',
          arguments: {
            version: 'ai@2026-08-12',
            datachain: { ...REALISTIC, title: [{ locale: 'en', value: 'Batch-opened page' }] },
          },
        },
      },
    ]);
    expect(r.status).toBe(200);
    const session = r.headers.get('mcp-session-id')!;
    expect(session).toMatch(/^dtpr-/);
    expect(r.json[1].result.isError).toBeUndefined();
    const read = (headers: Record<string, string>) =>
      postMcp(
        { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'ui://dtpr/datachain/view.html' } },
        headers,
      );
    expect((await read({ 'mcp-session-id': session })).json.result.contents[0].text).toContain('Batch-opened page');
    expect((await read({})).json.result.contents[0].text).not.toContain('Batch-opened page');
  });
});

describe('initialize', () => {
  it('echoes a supported protocol version and issues a session id', async () => {
    const r = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(r.json.result.protocolVersion).toBe('2025-11-25');
    expect(r.json.result.serverInfo).toMatchObject({ name: 'dtpr-server', title: 'DTPR server' });
    expect(r.json.result.serverInfo.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(r.json.result.capabilities).sort()).toEqual([
      'completions',
      'logging',
      'prompts',
      'resources',
      'tools',
    ]);
    expect(r.json.result.instructions).toMatch(/list_schema_versions/);
    expect(r.headers.get('mcp-session-id')).toMatch(/^[\x21-\x7e]{1,128}$/);
  });
  it('answers the newest supported version for an unsupported one and with no params', async () => {
    const a = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '1999-01-01' } });
    expect(a.json.result.protocolVersion).toBe('2025-11-25');
    const b = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    expect(b.json.result.protocolVersion).toBe('2025-11-25');
    const c = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26' } });
    expect(c.json.result.protocolVersion).toBe('2025-03-26');
  });
  it('a session the server issued answers 404 after DELETE; a client-chosen id stays usable', async () => {
    const init = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    const issued = init.headers.get('mcp-session-id')!;
    expect((await postMcp({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': issued })).status).toBe(200);
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': issued } })).status).toBe(204);
    const after = await postMcp({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'mcp-session-id': issued });
    expect(after.status).toBe(404);
    expect(after.json).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { data: { code: 'not_found', fix_hint: expect.stringMatching(/initialize/) } },
    });
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': issued } })).status).toBe(404);
    const mine = `mine-${crypto.randomUUID()}`;
    await postMcp({ jsonrpc: '2.0', id: 4, method: 'initialize' }, { 'mcp-session-id': mine });
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': mine } })).status).toBe(204);
    expect((await postMcp({ jsonrpc: '2.0', id: 5, method: 'ping' }, { 'mcp-session-id': mine })).status).toBe(200);
  });
  it.each(['tools/list', 'resources/list', 'resources/templates/list'])(
    '%s with a cursor it never sent is -32602',
    async (method) => {
      const r = await postMcp({ jsonrpc: '2.0', id: 1, method, params: { cursor: 'junk' } });
      expect(r.json.error).toMatchObject({
        code: -32602,
        data: { fix_hint: expect.stringMatching(/without a cursor/) },
      });
      expect((await postMcp({ jsonrpc: '2.0', id: 2, method, params: {} })).json.result).toBeDefined();
    },
  );
  it('keeps a client-chosen session id', async () => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize' }, { 'mcp-session-id': 'mine-123' });
    expect(r.headers.get('mcp-session-id')).toBe('mine-123');
  });
  it('issues distinct ids', async () => {
    const a = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    const b = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    expect(a.headers.get('mcp-session-id')).not.toBe(b.headers.get('mcp-session-id'));
  });
  it('rejects malformed params with -32602', async () => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 5 } });
    expect(r.json.error.code).toBe(-32602);
  });
  it('a method without params of its own takes none or an object, and _meta only as an object (-32602 else)', async () => {
    for (const method of ['ping', 'notifications/initialized', 'tools/list']) {
      for (const params of ['x', 5, [1], { _meta: 5 }]) {
        const r = await postMcp({ jsonrpc: '2.0', id: 1, method, params });
        expect(r.json.error, `${method} ${JSON.stringify(params)}`).toMatchObject({
          code: -32602,
          data: { path: expect.stringMatching(/^params/) },
        });
      }
      const fine = await postMcp({ jsonrpc: '2.0', id: 1, method, params: { _meta: { note: 1 } } });
      expect(fine.json.result, method).toBeDefined();
    }
    // Every method's params are held to that shape, those with params of their own too.
    for (const params of ['x', { name: 'list_schema_versions', _meta: 5 }]) {
      const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
      expect(r.json.error, JSON.stringify(params)).toMatchObject({
        code: -32602,
        data: { path: expect.stringMatching(/^params/) },
      });
    }
  });
  it('a notification with params its method refuses is still never answered, alone or in a batch', async () => {
    for (const method of ['notifications/initialized', 'notifications/cancelled']) {
      const alone = await postMcp({ jsonrpc: '2.0', method, params: 'x' });
      expect([alone.status, alone.text], method).toEqual([202, '']);
      const batch = await postMcp([
        { jsonrpc: '2.0', method, params: 5 },
        { jsonrpc: '2.0', id: 9, method: 'ping' },
      ]);
      expect(batch.status, method).toBe(200);
      expect(batch.json, method).toEqual([{ jsonrpc: '2.0', id: 9, result: {} }]);
    }
  });
});

describe('JSON-RPC errors say where and how to fix, like every other error', () => {
  it.each<[string, unknown, number, string]>([
    ['a body that is not JSON', '{"jsonrpc":"2.0",', -32700, ''],
    ['a message that is not an object', '5', -32600, ''],
    ['a wrong jsonrpc', { jsonrpc: '1.0', id: 1, method: 'ping' }, -32600, 'jsonrpc'],
    ['an id of the wrong type', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, -32600, 'id'],
    ['an empty method', { jsonrpc: '2.0', id: 1, method: '' }, -32600, 'method'],
    ['an empty batch', [], -32600, ''],
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'tools/lst' }, -32601, 'method'],
  ])('%s', async (_, body, code, path) => {
    const r = await postMcp(body);
    expect(r.json.error).toMatchObject({ code, data: { path, fix_hint: expect.any(String) } });
    expect(r.json.error.data.message).toBe(r.json.error.message);
  });

  it('an unknown method names the methods the revision serves', async () => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/lst' });
    expect(r.json.error.data.fix_hint).toMatch(/tools\/list/);
    expect(r.json.error.data.fix_hint).not.toMatch(/notifications\//);
  });
});

describe('resources/read of a schema URI that names what is not served', () => {
  it.each([
    ['dtpr://schemas/ai@latest/elements/nope', 'element_not_found', /\{element_id\} part/],
    ['dtpr://schemas/ai@2099-01-01/categories', 'unknown_version', /\{version\} part/],
  ])('%s: -32602 at params.uri, naming the part', async (uri, code, part) => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    expect(r.json.error).toMatchObject({ code: -32602, data: { code, path: 'params.uri', uri } });
    expect(r.json.error.message).toMatch(part);
  });

  it('a part that is not valid percent-encoding carries the URI too; a params error names no URI', async () => {
    const uri = 'dtpr://schemas/ai%4/categories';
    const bad = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    expect(bad.json.error).toMatchObject({ code: -32602, data: { code: 'bad_request', path: 'params.uri', uri } });
    const missing = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: {} });
    expect(missing.json.error.code).toBe(-32602);
    expect(missing.json.error.data).not.toHaveProperty('uri');
  });
});

describe('tools/call params', () => {
  const callWith = (params: Record<string, unknown>) =>
    postMcp({ jsonrpc: '2.0', id: 3, method: 'tools/call', params });

  it('a misspelt arguments key is ignored, as MCP asks, but the answer warns of it and says where arguments go', async () => {
    for (const key of ['args', 'argument', 'input']) {
      // list_schema_versions is answered from the kept answer after its first call; get_schema errs without a version.
      for (const name of ['list_schema_versions', 'list_schema_versions', 'get_schema']) {
        const r = await callWith({ name, [key]: { datachain_type: 'dtpr', version: 'ai@latest' } });
        const env = r.json.result.structuredContent;
        expect(env.meta.warnings).toContainEqual(
          `unknown_key: params.${key} is ignored: tools/call does not define it; a tool's arguments go in params.arguments.`,
        );
        expect(JSON.parse(r.json.result.content[0].text)).toEqual(env);
      }
    }
  });

  it('an extra key beside arguments is ignored with a warning', async () => {
    const r = await callWith({ name: 'list_schema_versions', arguments: {}, colour: 'red' });
    expect(r.json.result.structuredContent.ok).toBe(true);
    expect(r.json.result.structuredContent.meta.warnings).toContainEqual(
      'unknown_key: params.colour is ignored: tools/call does not define it.',
    );
  });

  it('a call without arguments reads them as none, in both eras', async () => {
    const bare = await callWith({ name: 'list_schema_versions' });
    expect(bare.json.result.structuredContent.ok).toBe(true);
    const missing = await callWith({ name: 'validate_datachain' });
    expect(missing.json.result.structuredContent.errors.map((e: { path: string }) => e.path)).toEqual([
      'version',
      'datachain',
    ]);
    const modernBare = await modern('tools/call', { name: 'list_schema_versions' });
    expect(modernBare.json.result.structuredContent.ok).toBe(true);
  });

  it('_meta, task and 2026-07-28 inputResponses/requestState (requests this server never makes) are read without a word', async () => {
    const r = await callWith({
      name: 'list_schema_versions',
      arguments: { datachain_type: 'dtpr' },
      _meta: { progressToken: 1 },
      task: { ttl: 1000 },
      inputResponses: { x: { action: 'accept' } },
      requestState: 'abc',
    });
    expect(r.json.result.structuredContent.ok).toBe(true);
    expect(r.json.result.structuredContent.meta.warnings ?? []).toEqual([]);
  });
});

describe('other methods and verbs', () => {
  it.each([
    ['ping', undefined, {}],
    ['logging/setLevel', { level: 'info' }, {}],
    ['resources/list', undefined, { resources: expect.any(Array) }],
    ['resources/templates/list', undefined, { resourceTemplates: expect.any(Array) }],
    ['prompts/list', undefined, { prompts: expect.any(Array) }],
    ['initialized', undefined, {}],
  ])('%s answers', async (method, params, expected) => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) });
    expect(r.json.result).toEqual(expected);
  });
  it('completion/complete completes versions', async () => {
    const r = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'completion/complete',
      params: {
        ref: { type: 'ref/prompt', name: 'draft_datachain' },
        argument: { name: 'version', value: 'ai@2026-08' },
      },
    });
    expect(r.json.result.completion.values).toContain('ai@2026-08-12');
  });
  it('completion/complete of a free-text argument answers an empty list', async () => {
    const r = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'completion/complete',
      params: {
        ref: { type: 'ref/prompt', name: 'draft_datachain' },
        argument: { name: 'system_description', value: 'te' },
      },
    });
    expect(r.json.result.completion.values).toEqual([]);
  });
  it('GET /mcp -> 405 with Allow and a JSON-RPC body', async () => {
    const r = await fetchWorker('/mcp', { headers: { accept: 'text/event-stream' } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST, DELETE, OPTIONS');
    expect(await r.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, data: { code: 'method_not_allowed' } },
    });
  });
  it('PUT /mcp -> 405', async () => {
    const r = await fetchWorker('/mcp', { method: 'PUT', body: '{}' });
    expect(r.status).toBe(405);
  });
  it('DELETE /mcp with a session -> 204; without -> 400; bad id -> 400', async () => {
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': 'abc' } })).status).toBe(204);
    expect((await fetchWorker('/mcp', { method: 'DELETE' })).status).toBe(400);
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': 'a b' } })).status).toBe(400);
  });
  it('OPTIONS preflight -> 204 with CORS headers including MCP ones', async () => {
    const r = await fetchWorker('/mcp', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('mcp-session-id');
  });
  it('a body over 64 KiB -> 413 JSON-RPC shaped', async () => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(70_000) } });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'payload_too_large' } } });
  });
  it('JSON nested over 64 levels -> 400 -32600', async () => {
    const deep = '['.repeat(70) + ']'.repeat(70);
    const r = await postMcp(deep);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe(-32600);
  });
  it('every answer carries nosniff and a request id; a sent X-Request-Id is reused', async () => {
    const r = await postMcp(ping(), { 'x-request-id': 'req-abc_123' });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-request-id')).toBe('req-abc_123');
  });
});
