import { describe, expect, it } from 'vitest';
import { aliasTarget, statusOf, VERSION_IDS } from '../helpers/releases.js';
import { API, BETA, rest, V } from './helpers.js';

const HASH = /^sha256-[0-9a-f]{64}$/;

/** Invariants of every JSON answer of the REST surface. */
function expectEnvelope(r: Awaited<ReturnType<typeof rest>>) {
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.json.meta.request_id).toBe(r.headers.get('x-request-id'));
  if (r.json.meta.content_hash) expect(r.headers.get('dtpr-content-hash')).toBe(r.json.meta.content_hash);
  else expect(r.headers.get('dtpr-content-hash')).toBeNull();
  if (r.status !== 200) {
    expect(r.json.ok).toBe(false);
    expect(r.headers.get('cache-control')).toBe('no-store');
  }
}

describe('GET /schemas', () => {
  it('lists the releases; cached briefly, no content hash', async () => {
    const r = await rest(`${API}/schemas`);
    expect(r.status).toBe(200);
    expectEnvelope(r);
    expect(r.json.data.versions.map((v: any) => v.id)).toEqual(VERSION_IDS);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
  });
  it('takes datachain_type and refuses other parameters', async () => {
    expect((await rest(`${API}/schemas?datachain_type=nope`)).json.data.versions).toEqual([]);
    const r = await rest(`${API}/schemas?type=ai`);
    expect(r.status).toBe(400);
    expectEnvelope(r);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'type' });
    expect(r.json.errors[0].fix_hint).toContain('datachain_type');
  });
  it('echoes a well-formed X-Request-Id', async () => {
    const r = await rest(`${API}/schemas`, { headers: { 'x-request-id': 'trace-123' } });
    expect(r.json.meta.request_id).toBe('trace-123');
  });
  it('answers HEAD without a body', async () => {
    const r = await rest(`${API}/schemas`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
  });
});

describe('Cache-Control and DTPR-Content-Hash by version', () => {
  it.each([
    [V, 'public, max-age=86400, immutable'],
    ['ai%402026-08-12', 'public, max-age=86400, immutable'],
    ['ai%2F2026-08-12', 'public, max-age=86400, immutable'],
    [BETA, 'no-store'],
    // An alias is never cached long; what it answers depends on the status of its target.
    ['ai@latest', statusOf(aliasTarget('ai@latest')) === 'beta' ? 'no-store' : 'public, max-age=300'],
    ['ai@latest-beta', 'no-store'],
  ])('%s -> %s', async (version, cache) => {
    const r = await rest(`${API}/schemas/${version}/manifest`);
    expect(r.status).toBe(200);
    expectEnvelope(r);
    expect(r.headers.get('cache-control')).toBe(cache);
    expect(r.headers.get('dtpr-content-hash')).toMatch(HASH);
    const canonical = version.startsWith('ai@latest') ? aliasTarget(version) : version.includes('beta') ? BETA : V;
    expect(r.json.meta.version).toBe(canonical);
  });
});

describe('GET /schemas/:version/manifest', () => {
  it('the root of the surface, with a slash or without, is a 404 that names the OpenAPI document', async () => {
    for (const path of [API, `${API}/`]) {
      const r = await rest(path);
      expect(r.status, path).toBe(404);
      expect(r.json.errors[0].fix_hint).toContain('/api/v2/openapi.json');
    }
  });
  it('a version id or alias in capitals is told its lower-case form, however it is written', async () => {
    for (const [written, meant] of [
      ['AI@2026-08-12', 'ai@2026-08-12'],
      ['ai@LATEST', 'ai@latest'],
      ['Ai@Latest-Beta', 'ai@latest-beta'],
    ]) {
      const r = await rest(`${API}/schemas/${written}/manifest`);
      expect(r.status, written).toBe(400);
      expect(r.json.errors[0]).toMatchObject({ code: 'bad_request', path: 'version', fix_hint: `Use '${meant}'.` });
    }
    // In capitals and unknown in any case: the usual answers.
    expect((await rest(`${API}/schemas/AI@2099-01-01/manifest`)).status).toBe(404);
  });
  it('is small by default; include=full adds elements', async () => {
    const small = await rest(`${API}/schemas/${V}/manifest`);
    expect(small.json.data.elements).toBeUndefined();
    const full = await rest(`${API}/schemas/${V}/manifest?include=full`);
    expect(full.json.data.elements).toHaveLength(109);
  });
  it.each([
    ['ai@2026-02-30', 400, 'bad_request'],
    ['nope', 400, 'bad_request'],
    ['%E0%A4%A', 400, 'bad_request'],
    ['ai@2099-01-01', 404, 'unknown_version'],
    ['xx@latest', 404, 'unknown_version'],
  ])('version %s -> %i %s', async (version, status, code) => {
    const r = await rest(`${API}/schemas/${version}/manifest`);
    expect(r.status).toBe(status);
    expectEnvelope(r);
    expect(r.json.errors[0]).toMatchObject({ code, path: 'version' });
  });
  it('bad include -> 400 invalid_arguments', async () => {
    const r = await rest(`${API}/schemas/${V}/manifest?include=everything`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'include' });
  });
});

describe('GET /schemas/:version/categories', () => {
  it('lists categories, filtered by locales', async () => {
    const r = await rest(`${API}/schemas/${BETA}/categories?locales=fr`);
    expect(r.status).toBe(200);
    expectEnvelope(r);
    expect(r.json.data.categories).toHaveLength(11);
    expect(r.json.data.categories[0].name.map((n: any) => n.locale)).toEqual(['fr']);
    expect(r.json.meta.next_cursor).toBeNull();
  });
  it.each([
    ['locales=zz', 'locales[0]'],
    ['locales=', 'locales'],
    ['locales=,', 'locales'],
  ])('%s -> 400 at %s', async (q, path) => {
    const r = await rest(`${API}/schemas/${V}/categories?${q}`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path });
  });
});

describe('GET /schemas/:version/elements', () => {
  it('pages through all elements with next_cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: Awaited<ReturnType<typeof rest>> = await rest(
        `${API}/schemas/${V}/elements?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      expectEnvelope(r);
      seen.push(...r.json.data.elements.map((e: any) => e.id));
      cursor = r.json.meta.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(109);
  });
  it('converts comma lists and the fields literal all', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?fields=shape,%20category_id&locales=en,fr&limit=1`);
    expect(r.json.data.elements[0]).toEqual({ id: 'accessibility', shape: 'hexagon', category_id: 'purpose' });
    const all = await rest(`${API}/schemas/${V}/elements?fields=all&locales=fr&limit=1`);
    expect(all.json.data.elements[0].title.map((t: any) => t.locale)).toEqual(['fr']);
    expect(all.json.data.elements[0].icon_variants).toBeDefined();
  });
  it('repeated list parameters are joined', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?fields=shape&fields=symbol_id&limit=1`);
    expect(Object.keys(r.json.data.elements[0])).toEqual(['id', 'shape', 'symbol_id']);
  });
  it('searches with query and locale', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?query=biometric&category_id=input_dataset`);
    expect(r.json.data.elements.map((e: any) => e.id)).toEqual(['input_biometric']);
    const fr = await rest(`${API}/schemas/${V}/elements?query=sant%C3%A9&locale=fr`);
    expect(fr.json.data.total).toBeGreaterThan(0);
  });
  it.each(['0', '201', 'abc', '1.5', '', '1e2', '010', '+5', '%205'])('limit=%s -> 400 naming limit', async (limit) => {
    const r = await rest(`${API}/schemas/${V}/elements?limit=${limit}`);
    expect(r.status).toBe(400);
    expectEnvelope(r);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'limit' });
    expect(r.json.errors[0].message).toContain('limit');
  });
  it.each([
    ['0', "'limit' is under its minimum: it must be at least 1."],
    ['201', "'limit' is over its maximum: it must be at most 200."],
    ['1.5', "'limit' is not a whole number."],
    ['abc', "'limit' must be a number, not text."],
    ['010', "'limit' must be a number, not text."],
    ['9007199254740992', "'limit' is over its maximum: it must be at most 200."],
    ['9'.repeat(400), "'limit' is too large a number to read."],
  ])("limit=%s is refused in the caller's terms, not the validator's", async (limit, message) => {
    const r = await rest(`${API}/schemas/${V}/elements?limit=${limit}`);
    expect(r.json.errors).toHaveLength(1);
    expect(r.json.errors[0].message).toBe(message);
  });
  it.each(['0', '201', '1.5', 'abc', '', '1e2', '010', '+5', '%205'])(
    'limit=%s says which form a number takes, and its range',
    async (limit) => {
      const r = await rest(`${API}/schemas/${V}/elements?limit=${limit}`);
      expect(r.json.errors[0].fix_hint).toBe("Give 'limit' as a whole number from 1 to 200 in plain digits, e.g. 50.");
    },
  );
  it('limit=200 is the maximum', async () => {
    expect((await rest(`${API}/schemas/${V}/elements?limit=200`)).json.data.returned).toBe(109);
  });
  it('a repeated scalar parameter is refused', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?limit=5&limit=6`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'limit' });
  });
  it('unknown parameters are refused, each named, with the allowed list', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?q=camera&page=2`);
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: any) => e.path)).toEqual(['q', 'page']);
    expect(r.json.errors[0].fix_hint).toContain('category_id, query, locale, locales, fields, limit, cursor');
  });
  it('a cursor from another version, another query or garbage -> 400 bad_request', async () => {
    const page = await rest(`${API}/schemas/${V}/elements?limit=5`);
    const cursor = encodeURIComponent(page.json.meta.next_cursor);
    for (const path of [
      `${API}/schemas/${BETA}/elements?limit=5&cursor=${cursor}`,
      `${API}/schemas/${V}/elements?limit=5&query=data&cursor=${cursor}`,
      `${API}/schemas/${V}/elements?cursor=!!!`,
    ]) {
      const r = await rest(path);
      expect(r.status).toBe(400);
      expectEnvelope(r);
      expect(r.json.errors[0]).toMatchObject({ code: 'bad_request', path: 'cursor' });
    }
    const next = await rest(`${API}/schemas/${V}/elements?limit=5&cursor=${cursor}`);
    expect(next.json.data.elements[0].id).not.toBe(page.json.data.elements[0].id);
  });
  it('unknown category -> 400 listing the categories', async () => {
    const r = await rest(`${API}/schemas/${V}/elements?category_id=nope`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0].fix_hint).toContain('purpose');
  });
});

describe('GET /schemas/:version/elements/:element_id', () => {
  it('reads an element with fields and locales', async () => {
    const r = await rest(`${API}/schemas/${V}/elements/input_biometric?fields=title&locales=fr`);
    expect(r.status).toBe(200);
    expectEnvelope(r);
    expect(r.json.data.element).toEqual({
      id: 'input_biometric',
      title: [{ locale: 'fr', value: expect.any(String) }],
    });
  });
  it('missing element -> 404 element_not_found with version meta', async () => {
    const r = await rest(`${API}/schemas/${BETA}/elements/people`);
    expect(r.status).toBe(404);
    expectEnvelope(r);
    expect(r.json.errors[0]).toMatchObject({ code: 'element_not_found', path: 'element_id' });
    expect(r.json.meta.version).toBe(BETA);
  });
  it('an encoded path-like id is refused before lookup', async () => {
    const r = await rest(`${API}/schemas/${V}/elements/..%2Fmanifest`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'element_id' });
  });
});
