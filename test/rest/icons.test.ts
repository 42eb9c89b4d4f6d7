/// <reference types="vite/client" />
import { env } from 'cloudflare:workers';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { contrastRatio, MIN_CONTEXT_CONTRAST } from '../../src/services/render/icons/color.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { SVG_GOLDENS } from '../golden/cases.js';
import { call } from '../helpers/tools.js';
import { API, BETA, rest, V } from './helpers.js';

const GOLDEN = import.meta.glob('../golden/icons/*.svg', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const icon = (version: string, element: string, variant?: string) =>
  `${API}/schemas/${version}/elements/${element}/icon${variant ? `.${variant}` : ''}.svg`;

function expectSvg(r: Awaited<ReturnType<typeof rest>>, cache: string) {
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe(SVG_TYPE);
  expect(r.headers.get('content-security-policy')).toBe(CSP);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('cache-control')).toBe(cache);
  expect(r.text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
}

describe('golden SVGs', () => {
  it.each(Object.entries(SVG_GOLDENS))('%s', async (file, path) => {
    const r = await rest(path);
    expect(r.status).toBe(200);
    expect(r.text).toBe(GOLDEN[`../golden/${file}`]);
  });
});

describe('GET /shapes/:shape.svg', () => {
  it('is the outline alone, cached for a year, without a content hash', async () => {
    const r = await rest(`${API}/shapes/octagon.svg`);
    expectSvg(r, 'public, max-age=31536000, immutable');
    expect(r.headers.get('dtpr-content-hash')).toBeNull();
    expect(r.text).not.toContain('<g');
  });
  it.each([
    ['triangle.svg', 404, 'not_found'],
    ['hexa%20gon.svg', 400, 'bad_request'],
    ['..%2Fhexagon.svg', 400, 'bad_request'],
  ])('%s -> %i %s', async (file, status, code) => {
    const r = await rest(`${API}/shapes/${file}`);
    expect(r.status).toBe(status);
    expect(r.json.errors[0]).toMatchObject({ code, path: 'shape' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    if (status === 404)
      expect(r.json.errors[0].fix_hint).toBe('Valid shapes: hexagon, circle, octagon, rounded-square.');
  });
  it('query parameters are refused', async () => {
    const r = await rest(`${API}/shapes/circle.svg?v=2`);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'v' });
  });
});

describe('GET /schemas/:version/symbols/:symbol_id.svg', () => {
  it('serves the stored bytes with the version headers', async () => {
    const stored = catalogueStore().release(V)!.bundle.symbols.biometric;
    const r = await rest(`${API}/schemas/${V}/symbols/biometric.svg`);
    expectSvg(r, 'public, max-age=31536000, immutable');
    expect(r.text).toBe(stored);
    expect(r.headers.get('dtpr-content-hash')).toMatch(/^sha256-/);
  });
  it.each([
    [BETA, 'public, max-age=60'],
    ['ai@latest', 'public, max-age=300'],
    ['ai%402026-08-12', 'public, max-age=31536000, immutable'],
  ])('%s -> %s', async (version, cache) =>
    expectSvg(await rest(`${API}/schemas/${version}/symbols/biometric.svg`), cache),
  );
  it.each([
    [`${V}/symbols/nope.svg`, 404, 'not_found', 'symbol_id'],
    [`${V}/symbols/bad%20id.svg`, 400, 'bad_request', 'symbol_id'],
    ['ai@2099-01-01/symbols/biometric.svg', 404, 'unknown_version', 'version'],
    ['ai@2026-13-01/symbols/biometric.svg', 400, 'bad_request', 'version'],
  ])('%s -> %i %s', async (path, status, code, at) => {
    const r = await rest(`${API}/schemas/${path}`);
    expect(r.status).toBe(status);
    expect(r.json.errors[0]).toMatchObject({ code, path: at });
  });
});

describe('GET /schemas/:version/elements/:element_id/icon[.<variant>].svg', () => {
  it('icon.svg is the default variant, also reachable as icon.default.svg', async () => {
    const r = await rest(icon(V, 'input_biometric'));
    expectSvg(r, 'public, max-age=31536000, immutable');
    expect(r.headers.get('dtpr-content-hash')).toMatch(/^sha256-/);
    expect((await rest(icon(V, 'input_biometric', 'default'))).text).toBe(r.text);
  });
  it('a value without colour aliases default, and its .dark aliases dark', async () => {
    expect((await rest(icon(V, 'institution', 'vendor'))).text).toBe((await rest(icon(V, 'institution'))).text);
    expect((await rest(icon(V, 'institution', 'vendor.dark'))).text).toBe(
      (await rest(icon(V, 'institution', 'dark'))).text,
    );
  });
  it('a coloured value ignores .dark', async () => {
    expect((await rest(icon(V, 'input_biometric', 'identifiable.dark'))).text).toBe(
      (await rest(icon(V, 'input_biometric', 'identifiable'))).text,
    );
  });
  it.each([
    [BETA, 'public, max-age=60'],
    ['ai@latest', 'public, max-age=300'],
  ])('%s -> %s', async (version, cache) => {
    expectSvg(await rest(icon(version, 'input_biometric', 'dark')), cache);
  });
  it.each([
    [icon(V, 'accessibility', 'identifiable'), 404, 'unknown_variant', 'variant'],
    [icon(V, 'input_biometric', 'dark.dark'), 404, 'unknown_variant', 'variant'],
    [icon(V, 'input_biometric', 'default.dark'), 404, 'unknown_variant', 'variant'],
    [icon(V, 'input_biometric', 'a%20b'), 400, 'bad_request', 'variant'],
    [`${API}/schemas/${V}/elements/input_biometric/icon..svg`, 400, 'bad_request', 'variant'],
    [icon(V, 'input_biometric', 'x.y.z'), 400, 'bad_request', 'variant'],
    [icon(V, 'nope'), 404, 'element_not_found', 'element_id'],
    [icon(BETA, 'people'), 404, 'element_not_found', 'element_id'],
    [icon(V, '..%2Fmanifest'), 400, 'invalid_arguments', 'element_id'],
    [icon('ai@2099-01-01', 'people'), 404, 'unknown_version', 'version'],
  ])('%s -> %i %s', async (path, status, code, at) => {
    const r = await rest(path);
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json.errors[0]).toMatchObject({ code, path: at });
  });
  it.each([
    ['icon.png', "ask for 'icon.svg'"],
    ['icon.dark.JPEG', "ask for 'icon.dark.svg'"],
    ['icon.SVG', "ask for 'icon.svg'"],
    ['icon.dark', "ask for 'icon.dark.svg'"],
    ['icon', "ask for 'icon.svg'"],
    [`icon.${'x'.repeat(100)}`, 'end the name with .svg'],
  ])('a file that is not .svg (%s) is a 404 naming the SVG file to ask for', async (file, hint) => {
    const r = await rest(`${API}/schemas/${V}/elements/input_biometric/${file}`);
    expect(r.status).toBe(404);
    expect(r.json.errors[0].code).toBe('not_found');
    expect(r.json.errors[0].fix_hint).toContain(hint);
  });
  it('a symbol or a shape asked for in another format is told the SVG file too', async () => {
    expect((await rest(`${API}/shapes/circle.png`)).json.errors[0].fix_hint).toContain("ask for 'circle.svg'");
    expect((await rest(`${API}/schemas/${V}/symbols/biometric.gif`)).json.errors[0].fix_hint).toContain(
      "ask for 'biometric.svg'",
    );
  });
  it('unknown_variant names the valid variants', async () => {
    const r = await rest(icon(V, 'input_biometric', 'nope'));
    expect(r.json.errors[0].fix_hint).toContain('identifiable.dark');
  });
  it("get_icon_url's URL resolves on this surface", async () => {
    for (const variant of ['default', 'dark', 'pseudonymous', 'pseudonymous.dark']) {
      const { env } = await call('get_icon_url', { version: 'ai@latest', element_id: 'output_biometric', variant });
      const r = await rest(new URL(env.data.url).pathname);
      expectSvg(r, 'public, max-age=31536000, immutable');
    }
  });
});

describe('every composed icon of the shipped content', () => {
  it("composes from symbols drawn in the icon's own 36x36 coordinates", () => {
    for (const version of [V, BETA]) {
      for (const [id, svg] of Object.entries(catalogueStore().release(version)!.bundle.symbols)) {
        expect(/^\s*<svg\b[^>]*\sviewBox="0 0 36 36"/.test(svg), `${version} symbol ${id}`).toBe(true);
      }
    }
  });
  it('is well-formed XML with an AA-contrast glyph, for every element and icon variant of both releases', async () => {
    const cases = [V, BETA].flatMap((version) =>
      catalogueStore()
        .release(version)!
        .bundle.elements.flatMap((element) => element.icon_variants.map((variant) => ({ version, element, variant }))),
    );
    // In-process through the whole app (same middleware and routes as the Worker entry), for speed;
    // one DTPR-Client per element keeps each well inside its rate-limit bucket.
    const app = createApp();
    const replies = await Promise.all(
      cases.map(async ({ version, element, variant }) => {
        const res = await app.request(
          icon(version, element.id, variant === 'default' ? undefined : variant),
          {
            headers: { 'dtpr-client': `icons-${version}-${element.id}` },
          },
          env,
        );
        return { status: res.status, text: await res.text() };
      }),
    );
    let count = 0;
    for (const [i, { version, element, variant }] of cases.entries()) {
      const r = replies[i]!;
      const label = `${version} ${element.id} ${variant}`;
      expect(r.status, label).toBe(200);
      expect(XMLValidator.validate(r.text), label).toBe(true);
      const fill = /<path d="[^"]*" fill="([^"]+)"/.exec(r.text)![1]!;
      const inner = /<g color="([^"]+)"/.exec(r.text)![1]!;
      expect(contrastRatio(fill === 'none' ? '#FFFFFF' : fill, inner), label).toBeGreaterThanOrEqual(
        MIN_CONTEXT_CONTRAST,
      );
      count++;
    }
    expect(count).toBeGreaterThan(700);
  }, 30_000);
});
