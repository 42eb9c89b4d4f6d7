import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../src/app.js';
import { describe, expect, it } from 'vitest';
import { fetchWith } from '../helpers/app.js';
import { REALISTIC } from '../helpers/hostile.js';
import { JSON_HEADERS } from '../helpers/http.js';
import { recorded } from '../helpers/recorded-kv.js';

const V = 'ai@2026-08-12';
const VIEW = 'ui://dtpr/datachain/view.html';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const HANDLE = /^ui:\/\/dtpr\/render\/([0-9a-f]{64})\.(html|svg)$/;
const sid = (name: string) => `${name}-${crypto.randomUUID()}`;
/** A fresh address per test, so the quota tallies of tests never meet. */
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const small = (title: string) => ({
  title: [{ locale: 'en', value: title }],
  elements: REALISTIC.elements.filter((p: { element_id: string }) =>
    ['mobility', 'institution', 'people', 'perceptive_mode'].includes(p.element_id),
  ),
});

async function post(bindings: Partial<Env>, body: unknown, headers: Record<string, string>) {
  const r = await fetchWith(bindings, '/mcp', {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : undefined };
}

/** A 2025 request in session `session` from address `ip`. */
const in2025 = (bindings: Partial<Env>, ip: string, session: string, method: string, params: unknown) =>
  post(bindings, { jsonrpc: '2.0', id: 1, method, params }, { 'cf-connecting-ip': ip, 'mcp-session-id': session });

/** A 2026-07-28 request (no session) from address `ip`. */
const in2026 = (bindings: Partial<Env>, ip: string, method: string, params: Record<string, unknown>) => {
  const name = (params.name ?? params.uri) as string | undefined;
  return post(
    bindings,
    { jsonrpc: '2.0', id: 1, method, params: { _meta: META, ...params } },
    {
      'cf-connecting-ip': ip,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
  );
};

const render = (datachain: unknown, format: 'page' | 'sign' = 'page') => ({
  name: 'render_datachain',
  arguments: { version: V, datachain, format, ...(format === 'sign' ? { link: 'https://example.org/x' } : {}) },
});

/** The handle a render_datachain result links. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC result read as the tests need it
const handleIn = (result: any): string => {
  if (!result?.content?.some((c: { type: string }) => c.type === 'resource_link'))
    throw new Error(JSON.stringify(result ?? null).slice(0, 600));
  return result.content.find((c: { type: string }) => c.type === 'resource_link').uri as string;
};

const readBy2026 = (bindings: Partial<Env>, uri: string) => in2026(bindings, address(), 'resources/read', { uri });

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

describe('kept renders: one copy, charged to the address', () => {
  it('a session that renders twice within a second reads its second page at once; the store has it once the answer is done', async () => {
    // KV takes one write to a key a second (decision 046): the second slot is written in the render's background.
    const app = createApp();
    const send = async (ctx: ExecutionContext, method: string, params: unknown) => {
      const headers = { ...JSON_HEADERS, 'cf-connecting-ip': ip, 'mcp-session-id': s };
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
      const res = await app.fetch(
        new Request('http://127.0.0.1:8787/mcp', { method: 'POST', headers, body }),
        env,
        ctx,
      );
      return (await res.json()) as { result: { contents: { text: string }[] } };
    };
    const [ip, s] = [address(), sid('twice')];
    const first = createExecutionContext();
    handleIn((await send(first, 'tools/call', render(small('First render')))).result);
    await waitOnExecutionContext(first);
    const second = createExecutionContext();
    const handle = HANDLE.exec(handleIn((await send(second, 'tools/call', render(small('Second render')))).result));
    // Read before the second render's background is done: the isolate answers the slot it has yet to write.
    const view = await send(createExecutionContext(), 'resources/read', { uri: VIEW });
    expect(view.result.contents[0]!.text).toContain('Second render');
    await waitOnExecutionContext(second);
    expect(await env.SESSIONS.get(`slot:${s}`, 'text')).toMatch(new RegExp(`^${handle![1]} `));
  });

  it('a 2025 render is stored once: its slot points at the one body its handle names', async () => {
    const puts: { key: string; bytes: number }[] = [];
    const spy = {
      get: (k: string, t: 'text') => env.SESSIONS.get(k, t),
      list: (o: KVNamespaceListOptions) => env.SESSIONS.list(o),
      delete: (k: string) => env.SESSIONS.delete(k),
      put: (k: string, v: string, o?: KVNamespacePutOptions) => {
        puts.push({ key: k, bytes: new TextEncoder().encode(v).byteLength });
        return env.SESSIONS.put(k, v, o);
      },
    } as unknown as KVNamespace;
    const r = await in2025({ SESSIONS: spy }, address(), sid('once'), 'tools/call', render(REALISTIC));
    const [, hash] = HANDLE.exec(handleIn(r.json.result))!;
    const bodies = puts.filter((p) => p.key.startsWith('body:'));
    expect(bodies.map((p) => p.key)).toEqual([`body:${hash}.html`]);
    const source = new TextEncoder().encode(JSON.stringify(REALISTIC)).byteLength;
    const total = puts.reduce((n, p) => n + p.bytes, 0);
    // The body, the datachain in the slot pointer, and small records (tally, render list, key).
    expect(total).toBeLessThan(bodies[0]!.bytes + source + 1024);
  });

  it('an address keeps at most KEEP_RENDERS_PER_HOUR renders; another address is not affected', async () => {
    const bindings = { KEEP_RENDERS_PER_HOUR: '2' };
    const ip = address();
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push((await in2026(bindings, ip, 'tools/call', render(small(`Count ${i}`)))).json.result);
    expect(results.slice(0, 2).every((r) => !r.isError)).toBe(true);
    expect(results[2]).toMatchObject({
      isError: true,
      structuredContent: { ok: false, errors: [{ code: 'rate_limited', retryable: true }] },
    });
    const [error] = results[2].structuredContent.errors;
    expect(error.message).toMatch(/2 renders this hour/);
    expect(error.fix_hint).toMatch(/^Wait \d+ minutes/);
    // A 2025 session from the same address draws on the same tally.
    const again = await in2025(bindings, ip, sid('quota'), 'tools/call', render(small('Count 2025')));
    expect(again.json.result.isError).toBe(true);
    expect(
      (await in2026(bindings, address(), 'tools/call', render(small('Elsewhere')))).json.result.isError,
    ).toBeFalsy();
  });

  it('a render reads its tally once, before it validates and renders, in either era (decision 070)', async () => {
    for (const send of [
      (kv: KVNamespace, ip: string) => in2026({ SESSIONS: kv }, ip, 'tools/call', render(small('Once 2026'))),
      (kv: KVNamespace, ip: string) =>
        in2025({ SESSIONS: kv }, ip, sid('once'), 'tools/call', render(small('Once 2025'))),
    ]) {
      const store = recorded();
      const answer = await send(store.kv, address());
      expect(answer.json.result.isError).toBeFalsy();
      expect(store.ops('get', 'kept-by:')).toHaveLength(1);
      // Made before any write of the render: the read started first.
      expect(store.calls.findIndex((c) => c.key.startsWith('kept-by:'))).toBeLessThan(
        store.calls.findIndex((c) => c.op === 'put'),
      );
    }
    // Refused before its charge (an invalid datachain): the read was made, and nothing was written.
    const store = recorded();
    const invalid = small('Invalid');
    invalid.elements = invalid.elements.map((p: object, k: number) =>
      k === 0 ? { ...p, element_id: 'not_an_element' } : p,
    );
    const refused = await in2026({ SESSIONS: store.kv }, address(), 'tools/call', render(invalid));
    expect(refused.json.result.structuredContent.ok).toBe(false);
    expect(store.ops('get', 'kept-by:')).toHaveLength(1);
    expect(store.calls.filter((c) => c.op === 'put')).toHaveLength(0);
  });

  it('an address keeps at most KEEP_BYTES_PER_HOUR bytes; a render larger than that alone is payload_too_large', async () => {
    const ip = address();
    const first = await in2026({}, ip, 'tools/call', render(small('Bytes')));
    const body = await readBy2026({}, handleIn(first.json.result));
    const size = new TextEncoder().encode(body.json.result.contents[0].text).byteLength;
    // Room for one render of this size (with its datachain) and not two.
    const bindings = { KEEP_BYTES_PER_HOUR: String(Math.floor(size * 1.5)) };
    const ip2 = address();
    expect((await in2026(bindings, ip2, 'tools/call', render(small('Bytes')))).json.result.isError).toBeFalsy();
    const over = (await in2026(bindings, ip2, 'tools/call', render(small('Bytes')))).json.result;
    expect(over.structuredContent.errors[0]).toMatchObject({ code: 'rate_limited' });
    expect(over.structuredContent.errors[0].message).toMatch(/bytes of renders this hour/);
    const tiny = (await in2026({ KEEP_BYTES_PER_HOUR: '1000' }, address(), 'tools/call', render(small('Big')))).json
      .result;
    expect(tiny.structuredContent.errors[0]).toMatchObject({ code: 'payload_too_large', path: 'datachain' });
    expect(tiny.structuredContent.errors[0].fix_hint).toBeTruthy();
  });
});

describe('kept renders: DELETE /mcp ends them', () => {
  it("after DELETE, the session's handles read as not found and its view as the placeholder; another session's copy stays", async () => {
    const ip = address();
    const [mine, other] = [sid('del'), sid('keep')];
    const page = await in2025({}, ip, mine, 'tools/call', render(small('Deleted')));
    const sign = await in2025({}, ip, mine, 'tools/call', render(small('Deleted'), 'sign'));
    const theirs = await in2025({}, ip, other, 'tools/call', render(small('Deleted')));
    const handles = [handleIn(page.json.result), handleIn(sign.json.result)];
    const otherHandle = handleIn(theirs.json.result);
    // The same render in two sessions has two handles: one session's DELETE cannot reach the other's.
    expect(otherHandle).not.toBe(handles[0]);
    for (const uri of [...handles, otherHandle])
      expect((await readBy2026({}, uri)).json.result.contents[0].text).toBeTruthy();
    const del = await fetchWith({}, '/mcp', {
      method: 'DELETE',
      headers: { 'mcp-session-id': mine, 'cf-connecting-ip': ip },
    });
    expect(del.status).toBe(204);
    for (const uri of handles) {
      const gone = await readBy2026({}, uri);
      expect(gone.json.error).toMatchObject({ code: -32602, data: { code: 'not_found', path: 'params.uri' } });
    }
    const view = await in2025({}, ip, mine, 'resources/read', { uri: VIEW });
    expect(view.json.result.contents[0].text).toContain('<title>Preparing the disclosure\u2026</title>');
    expect((await readBy2026({}, otherHandle)).json.result.contents[0].text).toContain('Deleted');
    expect((await env.SESSIONS.list({ prefix: `made:${mine}:` })).keys).toHaveLength(0);
  });
});

describe('kept renders: the shared fallback session', () => {
  it('a DELETE naming the session sessionless callers share is refused, and their view stays', async () => {
    const ip = address();
    const shared = '__dtpr_default_session__';
    const kept = await post(
      {},
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: render(small('Shared')) },
      { 'cf-connecting-ip': ip },
    );
    expect(handleIn(kept.json.result)).toMatch(HANDLE);
    const del = await fetchWith({}, '/mcp', {
      method: 'DELETE',
      headers: { 'mcp-session-id': shared, 'cf-connecting-ip': ip },
    });
    expect(del.status).toBe(400);
    const error = (await del.json()) as { error: { data: { code: string; path: string; fix_hint: string } } };
    expect(error.error.data).toMatchObject({ code: 'bad_request', path: 'Mcp-Session-Id' });
    expect(error.error.data.fix_hint).toContain('your own session');
    const view = await post(
      {},
      { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: VIEW } },
      { 'cf-connecting-ip': ip },
    );
    expect(view.json.result.contents[0].text).toContain('Shared');
  });
});

describe('kept renders: handles are keyed', () => {
  it('a handle is not the SHA-256 of the render, changes with RENDER_KEY, and is stable under one key', async () => {
    const dc = small('Keyed');
    const under = async (key: string) =>
      handleIn((await in2026({ RENDER_KEY: key }, address(), 'tools/call', render(dc))).json.result);
    const [a1, a2, b] = [await under('key-one'), await under('key-one'), await under('key-two')];
    expect(a1).toBe(a2);
    expect(b).not.toBe(a1);
    const body = (await readBy2026({ RENDER_KEY: 'key-one' }, a1)).json.result.contents[0].text as string;
    const plain = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
    expect(HANDLE.exec(a1)![1]).not.toBe(plain);
    // It is HMAC-SHA-256 under the key, of the scope (none here), the kind and the body.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('key-one'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`\0page\0${body}`)));
    expect(HANDLE.exec(a1)![1]).toBe(mac);
  });

  it('without RENDER_KEY, a key is generated once and kept: handles stay stable', async () => {
    const dc = small('Generated');
    const first = handleIn((await in2026({}, address(), 'tools/call', render(dc))).json.result);
    const second = handleIn((await in2026({}, address(), 'tools/call', render(dc))).json.result);
    expect(first).toBe(second);
    expect(await env.SESSIONS.get('render-key', 'text')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a handle read with the other extension is not found, with a fix', async () => {
    const page = handleIn((await in2026({}, address(), 'tools/call', render(small('Ext')))).json.result);
    const sign = handleIn((await in2026({}, address(), 'tools/call', render(small('Ext'), 'sign'))).json.result);
    for (const [uri, swapped] of [
      [page, page.replace(/\.html$/, '.svg')],
      [sign, sign.replace(/\.svg$/, '.html')],
    ]) {
      expect((await readBy2026({}, uri!)).json.result).toBeDefined();
      const wrong = await readBy2026({}, swapped!);
      expect(wrong.json.error).toMatchObject({ code: -32602, data: { code: 'not_found', path: 'params.uri' } });
      expect(wrong.json.error.data.fix_hint).toMatch(/\.html for a page, \.svg for a sign/);
    }
  });
});
