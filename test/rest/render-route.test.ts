import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { bases } from '../fixtures/datachains/run.js';
import { REALISTIC } from '../helpers/hostile.js';
import { fetchWorker } from '../helpers/http.js';
import { API, postJson, rest, V } from './helpers.js';

const RENDER = `${API}/schemas/${V}/render`;
const LINK = 'https://riverton.example.org/ai/traffic-cameras';

describe('POST /schemas/:version/render', () => {
  it('answers the page itself: HTML, a strict CSP, the content hash, not cached', async () => {
    const r = await postJson(RENDER, REALISTIC);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('dtpr-content-hash')).toMatch(/^sha256-/);
    expect(r.headers.get('x-request-id')).toBeTruthy();
    expect(r.text.startsWith('<!doctype html>')).toBe(true);
    expect(r.text).toContain('City of Riverton');
  });
  it('answers UTF-8 bytes when the datachain carries half of a UTF-16 pair (a JSON \\ud800 escape)', async () => {
    const lone = JSON.stringify({ ...REALISTIC, title: [{ locale: 'en', value: 'x' }] }).replace(
      '"x"',
      '"\\ud800 lone \\udfff"',
    );
    for (const query of ['', `?format=sign&link=${encodeURIComponent(LINK)}`]) {
      const r = await fetchWorker(`${RENDER}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: lone,
      });
      expect(r.status).toBe(200);
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(await r.arrayBuffer());
      // The page shows each half as U+FFFD (the sign drops what XML cannot hold).
      if (!query) expect(text).toContain('\ufffd lone \ufffd');
    }
  });
  it('format=sign answers the SVG sign with its link', async () => {
    const r = await postJson(`${RENDER}?format=sign&link=${encodeURIComponent(LINK)}&locale=fr`, REALISTIC);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(r.headers.get('content-security-policy')).toContain('sandbox');
    // Its icons are <image>s of data: URIs: the sign's own policy must let them load.
    expect(r.text).toMatch(/<image href="data:image\/svg\+xml/);
    expect(r.headers.get('content-security-policy')).toContain('img-src data:');
    expect(XMLValidator.validate(r.text)).toBe(true);
    expect(new XMLParser().parse(r.text).svg).toBeDefined();
    expect(r.text).toContain(LINK);
  });
  it('asked for JSON alone, answers the envelope: the media type, the body and each warning with its path and fix', async () => {
    const sign = `${RENDER}?format=sign&link=${encodeURIComponent(LINK)}`;
    const [asJson, asPage, asAny, refusingAny] = await Promise.all([
      postJson(sign, REALISTIC, { accept: 'application/json' }),
      postJson(sign, REALISTIC, { accept: 'image/svg+xml, application/json;q=0.5' }),
      postJson(sign, REALISTIC, { accept: 'application/json, */*;q=0.1' }),
      postJson(sign, REALISTIC, { accept: 'application/json, */*;q=0' }),
    ]);
    // A type given q=0 is refused, not taken.
    expect(refusingAny.json).toMatchObject({ ok: true, data: { mime: 'image/svg+xml' } });
    expect(asJson.status).toBe(200);
    expect(asJson.headers.get('content-type')).toMatch(/^application\/json/);
    expect(asJson.json).toMatchObject({ ok: true, data: { mime: 'image/svg+xml' }, meta: { version: V } });
    expect(asJson.json.data.body).toBe(asPage.text);
    const left = asJson.json.data.warnings.filter((w: { code: string }) => w.code === 'sign_incomplete');
    expect(left.length).toBeGreaterThan(0);
    for (const w of left)
      expect(w).toMatchObject({ path: expect.stringMatching(/^elements/), fix_hint: expect.any(String) });
    expect(asJson.json.meta.warnings).toHaveLength(asJson.json.data.warnings.length);
    // A client that takes the sign, or anything, gets the sign itself.
    for (const r of [asPage, asAny]) expect(r.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(asPage.headers.get('dtpr-warnings')).toBe(String(asJson.json.data.warnings.length));
    // Both forms say what they vary on and the language they are in; the sign, its charset.
    for (const r of [asJson, asPage]) {
      expect(r.headers.get('vary')).toBe('Accept, Accept-Language');
      expect(r.headers.get('content-language')).toBe('en');
    }
    expect(asPage.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });
  it('an invalid datachain is answered like /validate: 200 with the envelope', async () => {
    const [render, validate] = await Promise.all([
      postJson(RENDER, { elements: [] }),
      postJson(`${API}/schemas/${V}/validate`, { elements: [] }),
    ]);
    expect(render.status).toBe(200);
    expect(render.headers.get('content-type')).toMatch(/^application\/json/);
    expect(render.json.ok).toBe(false);
    expect(render.json.errors).toEqual(validate.json.errors);
  });
  it.each([
    [`${RENDER}?format=sign`, 400, 'invalid_arguments', 'link'],
    [`${RENDER}?format=sign&link=javascript:alert(1)`, 400, 'invalid_arguments', 'link'],
    [`${RENDER}?format=poster`, 400, 'invalid_arguments', 'format'],
    [`${RENDER}?locale=de`, 400, 'invalid_arguments', 'locale'],
    [`${RENDER}?colour=red`, 400, 'invalid_arguments', 'colour'],
    [`${API}/schemas/ai@2099-01-01/render`, 404, 'unknown_version', 'version'],
  ])('%s -> %i %s', async (path, status, code, where) => {
    const r = await postJson(path, REALISTIC);
    expect(r.status).toBe(status);
    expect(r.json.errors[0]).toMatchObject({ code, path: where, fix_hint: expect.any(String) });
  });
  it('refuses a body that is not JSON, and other methods', async () => {
    expect((await postJson(RENDER, '{"elements":', {})).status).toBe(400);
    expect((await postJson(RENDER, '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const get = await rest(RENDER);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
  it('a resolved datachain pinned to a release not served here renders from its own snapshot', async () => {
    const dc = (await bases()).resolved();
    dc.schema_version = 'ai@2020-01-01';
    const r = await postJson(RENDER, dc);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('dtpr-warnings')).toBe('1');
  });
});
