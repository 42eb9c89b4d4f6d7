import { directCaller } from '../helpers/in-process.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcomeOf, err, ok } from '../../src/core/envelope.js';
import { encodeAnswer, SerializedEnvelope, serializeResponse } from '../../src/mcp/encode.js';
import { restBody } from '../../src/rest/encode.js';
import { invoke } from '../../src/tools/kernel/invoke.js';
import { PreparedAnswer } from '../../src/tools/kernel/prepared.js';
import { invokeTool } from '../../src/tools/kernel/invoke.js';
import { toolNamed } from '../../src/tools/kernel/registry.js';
import { createCatalogueStore } from '../../src/store/catalogue-store.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { fetchWorker, JSON_HEADERS, postMcp } from '../helpers/http.js';
import { aliasTarget } from '../helpers/releases.js';

const LATEST_STABLE = aliasTarget('ai@latest');

const json = fc.jsonValue({ maxDepth: 3 });
const text = fc.string({ unit: 'binary', maxLength: 40 });

describe('a prepared answer', () => {
  it('is the envelope with the request id last in meta, plain and quoted', () => {
    fc.assert(
      fc.property(
        json,
        fc.dictionary(
          fc.string({ maxLength: 8 }).filter((k) => k !== 'request_id'),
          json,
          { maxKeys: 3 },
        ),
        text,
        (data, meta, rid) => {
          const prepared = PreparedAnswer.from(outcomeOf(ok(data, meta as never)))!;
          const expected = JSON.stringify({ ok: true, data, meta: { ...meta, request_id: rid } });
          expect(prepared.json(rid)).toBe(expected);
        },
      ),
      fuzzRuns(300),
    );
  });
  it('is not made from a failed answer', () => {
    expect(PreparedAnswer.from(outcomeOf(err({ code: 'not_found', message: 'x' })))).toBeUndefined();
  });
  it('is not made from an answer with extras (a surface presents those itself)', () => {
    expect(PreparedAnswer.from({ ...outcomeOf(ok(1)), extras: { summary: 's' } })).toBeUndefined();
  });
  it('is encoded into the JSON-RPC answer (text, bytes, SSE) and the REST body as the plain serialiser would write it', () => {
    const decode = (b: string | Uint8Array) => (typeof b === 'string' ? b : new TextDecoder().decode(b));
    fc.assert(
      fc.property(json, text, fc.oneof(fc.integer(), text), (data, rid, id) => {
        const prepared = PreparedAnswer.from(outcomeOf(ok(data, { version: 'ai@x' })))!;
        const plain = prepared.json(rid);
        const result = { content: [{ type: 'text', text: plain }] };
        const expected = JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { ...result, structuredContent: JSON.parse(plain) },
        });
        const wrapped = {
          jsonrpc: '2.0' as const,
          id,
          result: { ...result, structuredContent: new SerializedEnvelope(plain, { answer: prepared, requestId: rid }) },
        };
        expect(serializeResponse(wrapped)).toBe(expected);
        expect(encodeAnswer(wrapped, 'json')).toBeInstanceOf(Uint8Array);
        expect(decode(encodeAnswer(wrapped, 'json'))).toBe(expected);
        expect(encodeAnswer(wrapped, 'sse')).toBe(`event: message\ndata: ${expected}\n\n`);
        expect(decode(restBody(prepared, rid))).toBe(plain);
      }),
      fuzzRuns(300),
    );
  });
  it('goes out as bytes only for a prepared answer', () => {
    const plainEnvelope = {
      jsonrpc: '2.0' as const,
      id: 1,
      result: { structuredContent: new SerializedEnvelope('{}') },
    };
    expect(typeof encodeAnswer(plainEnvelope, 'json')).toBe('string');
    expect(typeof encodeAnswer({ jsonrpc: '2.0', id: 1, result: { tools: [] } }, 'json')).toBe('string');
  });
});

describe('cached read answers', () => {
  const caller = (store = createCatalogueStore(), origin = 'https://a.example') => directCaller(store, 'r', origin);

  it('answer a repeated call from the cache with what the tool answers', async () => {
    const ctx = caller();
    const tool = toolNamed('get_element');
    const args = { version: LATEST_STABLE, element_id: 'input_biometric' };
    const first = await invoke(tool, args, ctx);
    expect(first).toBeInstanceOf(PreparedAnswer);
    expect(await invoke(tool, { ...args }, ctx)).toBe(first);
    const fresh = invokeTool(tool, args, ctx) as ReturnType<typeof outcomeOf>;
    fresh.envelope.meta.request_id = 'rid-1';
    expect((first as PreparedAnswer).json('rid-1')).toBe(JSON.stringify(fresh.envelope));
  });
  it('are kept per origin and per store', async () => {
    const tool = toolNamed('get_icon_url');
    const args = { version: LATEST_STABLE, element_id: 'input_biometric' };
    const a = JSON.parse(
      ((await invoke(tool, args, caller(undefined, 'https://a.example'))) as PreparedAnswer).json('r'),
    );
    const b = JSON.parse(
      ((await invoke(tool, args, caller(undefined, 'https://b.example'))) as PreparedAnswer).json('r'),
    );
    expect(a.data.url.startsWith('https://a.example/')).toBe(true);
    expect(b.data.url.startsWith('https://b.example/')).toBe(true);
    const store = createCatalogueStore();
    expect(await invoke(tool, args, caller(store))).toBe(await invoke(tool, args, caller(store)));
    expect(await invoke(tool, args, caller(store))).not.toBe(await invoke(tool, args, caller()));
  });
  it('keep no failure and no tool that is not cacheable', async () => {
    const ctx = caller();
    const missing = await invoke(toolNamed('get_element'), { version: LATEST_STABLE, element_id: 'nope' }, ctx);
    expect(missing).not.toBeInstanceOf(PreparedAnswer);
    const validate = await invoke(toolNamed('validate_datachain'), { version: LATEST_STABLE, datachain: {} }, ctx);
    expect(validate).not.toBeInstanceOf(PreparedAnswer);
  });
  it('carry each request its own id over MCP and REST', async () => {
    const ids = new Set<string>();
    for (const rid of ['rid-a', 'rid-b', 'rid "c" \\']) {
      const call = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_element', arguments: { version: LATEST_STABLE, element_id: 'input_biometric' } },
      };
      const r = await postMcp(call, { 'x-request-id': rid });
      const { result } = r.json;
      expect(result.structuredContent.meta.request_id).toBe(r.headers.get('x-request-id'));
      expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
      ids.add(result.structuredContent.meta.request_id);
      const res = await fetchWorker(`/api/v2/schemas/${LATEST_STABLE}/elements/input_biometric`, {
        headers: { ...JSON_HEADERS, 'x-request-id': rid },
      });
      const body = (await res.json()) as any;
      expect(body.meta.request_id).toBe(res.headers.get('x-request-id'));
      ids.add(body.meta.request_id);
    }
    // Well-formed ids are echoed on both surfaces; the malformed one gets a fresh id on each.
    expect(ids.has('rid-a') && ids.has('rid-b')).toBe(true);
    expect(ids.size).toBe(4);
  });
});
