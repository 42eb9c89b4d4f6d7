import { directCaller } from '../helpers/in-process.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDeadline } from '../../src/core/deadline.js';
import { CAPS } from '../../src/domain/caps.js';
import { MAX_FINDINGS } from '../../src/services/validator/finding.js';
import { invokeTool } from '../../src/tools/kernel/invoke.js';
import { toolNamed } from '../../src/tools/kernel/registry.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { fullThin, VERSION } from '../fixtures/datachains/base.js';
import { bases, invoke } from '../fixtures/datachains/run.js';
import { fetchWith } from '../helpers/app.js';
import { postMcp } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { call } from '../helpers/tools.js';

const codes = (env: any): string[] => (env.ok ? [] : env.errors.map((e: any) => e.code));

describe('caller strings have length caps, answered with a path and a fix', () => {
  it('a long action target that almost matches is a finding, and one past the cap a parse error', async () => {
    const near = fullThin();
    near.elements[0].actions = [
      { type: 'url', label: [{ locale: 'en', value: 'x' }], target: `https://${'a'.repeat(2000)} ` },
    ];
    const nearAnswer = (await invoke('validate_datachain', { version: VERSION, datachain: near })).envelope;
    expect(codes(nearAnswer)).toEqual(['action_target_invalid']);
    const long = fullThin();
    long.elements[0].actions = [
      { type: 'email', label: [{ locale: 'en', value: 'x' }], target: `${'a'.repeat(60_000)}@b` },
    ];
    const longAnswer: any = (await invoke('validate_datachain', { version: VERSION, datachain: long })).envelope;
    expect(longAnswer.errors[0]).toMatchObject({
      code: 'parse_error',
      path: 'elements[0].actions[0].target',
      message: expect.stringContaining(`${CAPS.url} characters`),
    });
    expect(longAnswer.errors[0].fix_hint).toMatch(/Shorten/);
    expect(JSON.stringify(longAnswer).length).toBeLessThan(5_000);
  });
  it('an over-long element id is a parse error before any suggestion is computed', async () => {
    const dc = fullThin();
    dc.elements.push({ element_id: 'x'.repeat(60_000) });
    const env: any = (await invoke('validate_datachain', { version: VERSION, datachain: dc })).envelope;
    expect(env.errors).toHaveLength(1);
    expect(env.errors[0]).toMatchObject({
      code: 'parse_error',
      path: `elements[${dc.elements.length - 1}].element_id`,
    });
    expect(JSON.stringify(env).length).toBeLessThan(5_000);
  });
  it('over-long ids of suggested elements are parse errors too', async () => {
    const dc = (await bases()).resolved();
    dc.authoring_provenance = { kind: 'ai_generated' };
    dc.suggested_elements = [{ ...dc.schema_snapshot.elements[0], id: `s${'y'.repeat(30_000)}` }];
    const env: any = (await invoke('validate_resolved', { version: VERSION, datachain: dc })).envelope;
    expect(env.errors.map((e: any) => e.path)).toContain('suggested_elements[0].id');
    expect(JSON.stringify(env).length).toBeLessThan(8_000);
  });
  it('an unknown key of any length is a warning that shows at most the first 128 characters', async () => {
    const dc = fullThin();
    dc[`k${'z'.repeat(20_000)}`] = 1;
    const env: any = (await invoke('validate_datachain', { version: VERSION, datachain: dc })).envelope;
    expect(env.ok).toBe(true);
    expect(env.data.warnings[0].path.length).toBeLessThan(140);
  });
});

describe('answers are bounded', () => {
  it(`a datachain with hundreds of problems lists ${MAX_FINDINGS} errors and counts the rest in meta.truncated`, async () => {
    const dc = fullThin();
    for (let i = 0; i < 300; i++) dc.elements.push({ element_id: `unknown_${i}` });
    const env: any = (await invoke('validate_datachain', { version: VERSION, datachain: dc })).envelope;
    expect(env.errors).toHaveLength(MAX_FINDINGS);
    expect(env.meta.truncated).toBe(200);
    expect(env.meta.warnings.at(-1)).toMatch(/200 more findings/);
  });
  it('a batch of resources/read answers at most its byte budget; later entries get an error each', async () => {
    const session = { 'mcp-session-id': `batch-${crypto.randomUUID()}` };
    await call('render_datachain', { version: VERSION, datachain: REALISTIC }, false, session);
    const batch = Array.from({ length: 50 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'resources/read',
      params: { uri: 'ui://dtpr/datachain/view.html' },
    }));
    const r = await postMcp(batch, session);
    expect(r.status).toBe(200);
    expect(new TextEncoder().encode(r.text).byteLength).toBeLessThanOrEqual(1_048_576);
    const refused = r.json.filter((x: any) => x.error);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].error).toMatchObject({
      code: -32000,
      data: { code: 'payload_too_large', fix_hint: expect.any(String) },
    });
    expect(r.json.map((x: any) => x.id)).toEqual(batch.map((b) => b.id));
  });
});

describe('renders are bounded', () => {
  it('a page shows at most 100 placements: more is payload_too_large, softly, before any rendering', async () => {
    const dc = {
      ...REALISTIC,
      elements: [...REALISTIC.elements, ...Array.from({ length: 100 }, () => ({ element_id: 'health' }))],
    };
    const { result, env } = await call('render_datachain', { version: VERSION, datachain: dc }, false, {
      'mcp-session-id': `cap-${crypto.randomUUID()}`,
    });
    expect(result.isError).toBeUndefined();
    expect(env.errors).toEqual([
      expect.objectContaining({ code: 'payload_too_large', path: 'elements', fix_hint: expect.any(String) }),
    ]);
  });
  it('each icon is written once into the page, however many cards show it', async () => {
    const dc = {
      ...REALISTIC,
      elements: [...REALISTIC.elements, ...Array.from({ length: 40 }, () => ({ element_id: 'health' }))],
    };
    const r = await fetchWith({}, `/api/v2/schemas/${VERSION}/render`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(dc),
    });
    const html = await r.text();
    const healthIcons = (html.match(/data:image\/svg\+xml/g) ?? []).length;
    expect(healthIcons).toBeLessThan(2 * (REALISTIC.elements.length + 1) + 1);
    expect(html.length).toBeLessThan(200_000);
  });
});

describe('synchronous work checks its deadline', () => {
  const ctx = (deadline = startDeadline(5_000)) => ({ ...directCaller(catalogueStore(), 'dl'), deadline });
  it('validation that runs out of work units answers timeout, retryable, not a fault', async () => {
    const outcome = await invokeTool(
      toolNamed('validate_datachain'),
      { version: VERSION, datachain: REALISTIC },
      ctx(startDeadline(5_000, Date.now, 3)),
    );
    expect(outcome.hard).toBe(true);
    expect(outcome.envelope).toMatchObject({ ok: false, errors: [{ code: 'timeout', retryable: true }] });
  });
  it('a clock past the deadline stops the work too (an injected clock)', async () => {
    let t = 0;
    const outcome = await invokeTool(
      toolNamed('resolve_datachain'),
      { version: VERSION, datachain: REALISTIC },
      ctx(startDeadline(10, () => (t += 1_000))),
    );
    expect(outcome.envelope).toMatchObject({ ok: false, errors: [{ code: 'timeout' }] });
  });
  it('the same call within its budget answers normally', async () => {
    const outcome = await invokeTool(
      toolNamed('validate_datachain'),
      { version: VERSION, datachain: REALISTIC },
      ctx(),
    );
    expect(outcome.envelope.ok).toBe(true);
  });
});

describe('caller input never reaches an internal error', () => {
  it.each(['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'])(
    'a suggested element with symbol_id %s renders',
    async (symbol) => {
      const dc = (await bases()).resolved();
      dc.authoring_provenance = { kind: 'ai_generated' };
      const base = dc.schema_snapshot.elements.find((e: any) => e.category_id === 'purpose');
      dc.suggested_elements = [{ ...base, id: 'proposed_thing', symbol_id: symbol }];
      dc.elements.push({ element_id: 'proposed_thing' });
      const { env } = await call('render_datachain', { version: VERSION, datachain: dc }, false, {
        'mcp-session-id': `sym-${symbol}`,
      });
      expect(env.ok).toBe(true);
    },
  );
  it('a resource URI that does not percent-decode is -32602 with a hint', async () => {
    const r = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'dtpr://schemas/%E0%A4%A/categories' },
    });
    expect(r.json.error).toMatchObject({ code: -32602, data: { fix_hint: expect.stringMatching(/encode/i) } });
  });
  it('get_elements keeps an id such as __proto__ as its own key', async () => {
    const { env } = await call('get_elements', {
      version: VERSION,
      element_ids: ['__proto__', 'constructor', 'health'],
    });
    expect(Object.keys(env.data.elements)).toEqual(['__proto__', 'constructor', 'health']);
    expect(env.errors.map((e) => e.path)).toEqual(['element_ids[0]', 'element_ids[1]']);
  });
});

describe('storage failures answer upstream_error, retryable', () => {
  // The failures are logged as errors; this suite expects them.
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});
  const failing = {
    get: async () => {
      throw new Error('kv down');
    },
    put: async () => {
      throw new Error('kv down');
    },
    delete: async () => {
      throw new Error('kv down');
    },
  } as unknown as KVNamespace;
  const rpc = (body: unknown) =>
    fetchWith({ SESSIONS: failing }, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': 'kv-test' },
      body: JSON.stringify(body),
    });
  it('render_datachain: the page could not be stored', async () => {
    quiet();
    const r: any = await (
      await rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'render_datachain', arguments: { version: VERSION, datachain: REALISTIC } },
      })
    ).json();
    expect(r.result.isError).toBe(true);
    expect(r.result.structuredContent.errors[0]).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(JSON.stringify(r)).not.toContain('kv down');
  });
  it('resources/read: a JSON-RPC error carrying upstream_error', async () => {
    quiet();
    const r: any = await (
      await rpc({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'ui://dtpr/datachain/view.html' } })
    ).json();
    expect(r.error).toMatchObject({ code: -32000, data: { code: 'upstream_error', retryable: true } });
  });
  it('DELETE /mcp: 502', async () => {
    quiet();
    const r = await fetchWith({ SESSIONS: failing }, '/mcp', {
      method: 'DELETE',
      headers: { 'mcp-session-id': 'kv-test' },
    });
    expect(r.status).toBe(502);
  });
});

describe('absolute URLs use PUBLIC_ORIGIN when it is set', () => {
  it('get_icon_url ignores the Host header', async () => {
    const r: any = await (
      await fetchWith({ PUBLIC_ORIGIN: 'https://dtpr.example.org' }, '/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_icon_url', arguments: { version: VERSION, element_id: 'health' } },
        }),
      })
    ).json();
    expect(r.result.structuredContent.data.url).toMatch(/^https:\/\/dtpr\.example\.org\/api\/v2\//);
  });
});
