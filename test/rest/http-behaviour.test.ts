import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/rest/openapi.js';
import { API, BETA, postJson, rest, V } from './helpers.js';
import { fetchWorker, JSON_HEADERS } from '../helpers/http.js';

describe('trailing slashes', () => {
  it.each([
    [`${API}/schemas/`, `${API}/schemas`],
    [`${API}/schemas/${V}/elements/?limit=2&locales=fr`, `${API}/schemas/${V}/elements?limit=2&locales=fr`],
    [`${API}/shapes/circle.svg//`, `${API}/shapes/circle.svg`],
  ])('%s -> 308 %s', async (from, to) => {
    const r = await rest(from);
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe(to);
    expect(r.headers.get('x-request-id')).toBeTruthy();
    expect((await rest(to)).status).toBe(200);
  });
  it.each([[`${API}/schemas/${V}/nope/`], [`${API}/schemas//elements/`], [`${API}/schemas/${V}/elements/a/b/c/`]])(
    '%s, no route without its slash either -> 404, never a redirect to one',
    async (path) => {
      const r = await rest(path);
      expect(r.status).toBe(404);
      expect(r.headers.get('location')).toBeNull();
      expect(r.json.errors[0].code).toBe('not_found');
    },
  );
  it('a POST is redirected with 308, which keeps method and body', async () => {
    const r = await postJson(`${API}/schemas/${V}/validate/`, { elements: [] });
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe(`${API}/schemas/${V}/validate`);
  });
});

describe('a query that is not percent-encoded UTF-8', () => {
  it.each([
    [`${API}/schemas/${V}/elements?query=%FF`, 'query'],
    [`${API}/schemas/${V}/elements?limit=5&query=%E0%A4%A`, 'query'],
    [`${API}/schemas/${V}/elements?%FF=1`, '%FF'],
    [`${API}/shapes/circle.svg?x=%C0`, 'x'],
  ])('%s -> 400 invalid_arguments at %s', async (path, at) => {
    const r = await rest(path);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({
      code: 'invalid_arguments',
      path: at,
      message: expect.stringContaining('not percent-encoded UTF-8'),
      fix_hint: expect.stringContaining('%C3%A9'),
    });
  });
  it('a query percent-encoded as UTF-8 is read as its text', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?query=cam%C3%A9ra+de+surveillance&locale=fr&limit=1`);
    expect(r.status).toBe(200);
    expect(r.json.data.elements[0].match).toBeDefined();
  });
});

describe('unknown routes and methods', () => {
  it.each([`${API}/nope`, `${API}`, `${API}/schemas/${V}`, `${API}/schemas/${V}/elements/accessibility/picture.svg`])(
    '%s -> 404 not_found envelope',
    async (path) => {
      const r = await rest(path);
      expect(r.status).toBe(404);
      expect(r.json).toMatchObject({ ok: false, errors: [{ code: 'not_found' }] });
      expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );
  it('an icon without .svg suggests the suffix', async () => {
    const r = await rest(`${API}/schemas/${V}/elements/accessibility/icon`);
    expect(r.status).toBe(404);
    expect(r.json.errors[0].fix_hint).toContain('.svg');
  });
  it.each([
    ['PUT', `${API}/schemas`, 'GET, HEAD, OPTIONS'],
    ['POST', `${API}/schemas/${V}/elements`, 'GET, HEAD, OPTIONS'],
    ['DELETE', `${API}/schemas/${V}/elements/accessibility`, 'GET, HEAD, OPTIONS'],
    ['POST', `${API}/schemas/${V}/elements/accessibility/icon.svg`, 'GET, HEAD, OPTIONS'],
    ['PATCH', `${API}/shapes/circle.svg`, 'GET, HEAD, OPTIONS'],
    ['POST', `${API}/openapi.json`, 'GET, HEAD, OPTIONS'],
  ])('%s %s -> 405 Allow: %s', async (method, path, allow) => {
    const r = await rest(path, { method });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe(allow);
    expect(r.json).toMatchObject({ ok: false, errors: [{ code: 'method_not_allowed' }] });
    expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
  });
  it('a CORS preflight is answered with the exposed headers', async () => {
    const r = await rest(`${API}/schemas/${V}/elements`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const get = await rest(`${API}/schemas/${V}/elements?limit=1`, { headers: { origin: 'https://example.org' } });
    const exposed = (get.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['x-request-id', 'dtpr-content-hash', 'retry-after', 'mcp-session-id'])
      expect(exposed).toContain(h);
  });
  it('REST is not subject to the /mcp Origin guard', async () => {
    const r = await rest(`${API}/schemas`, { headers: { origin: 'https://example.org' } });
    expect(r.status).toBe(200);
  });
});

describe('GET /healthz and GET /api/v2/openapi.json', () => {
  it('outside /api/v2 a trailing slash is an unknown path, not the route without it', async () => {
    expect((await rest('/healthz/')).status).toBe(404);
    const mcp = await fetchWorker('/mcp/', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(mcp.status).toBe(404);
    expect((await fetchWorker('/mcp/')).status).toBe(404);
  });
  it('healthz answers with security headers', async () => {
    const r = await rest('/healthz');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, service: 'dtpr-server' });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
  it('healthz asked with another method is 405 with Allow, as a known REST path is', async () => {
    const r = await rest('/healthz', { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(r.json).toMatchObject({ ok: false, errors: [{ code: 'method_not_allowed' }] });
  });
  it('serves the generated OpenAPI 3.1 document', async () => {
    const r = await rest(`${API}/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    expect(r.json).toEqual(buildOpenApi());
    expect(r.json.openapi).toBe('3.1.0');
  });
  it('every documented operation is routed (no route-level 404 or 405)', async () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
    const samples: Record<string, string> = {
      version: BETA,
      element_id: 'input_biometric',
      variant: 'identifiable',
      shape: 'circle',
      symbol_id: 'biometric',
    };
    for (const [template, ops] of Object.entries(doc.paths)) {
      const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => samples[name]!);
      for (const method of Object.keys(ops)) {
        const r = method === 'post' ? await postJson(path, {}) : await rest(path);
        expect([r.status, method, path]).not.toEqual([404, method, path]);
        expect(r.status).not.toBe(405);
        if (method === 'get') expect(r.status).toBe(200);
      }
    }
  });
});
