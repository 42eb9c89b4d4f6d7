import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_ROUTES, RENDER_PATH, SVG_ROUTES } from '../../src/rest/route-table.js';
import { fetchWorker } from '../helpers/http.js';
import { REALISTIC } from '../helpers/hostile.js';
import { fuzzRuns } from '../helpers/fuzz.js';

const RUNS = 80;
const TEMPLATES = [
  ...JSON_ROUTES.map((r) => r.path),
  RENDER_PATH,
  ...Object.values(SVG_ROUTES),
  '/openapi.json',
  '/nope',
  '',
];
const SEGMENTS = [
  'ai@2026-08-12',
  'ai@latest',
  'ai%402026-04-16-beta',
  'ai@2026-02-30',
  'input_biometric',
  'hexagon.svg',
  'icon.svg',
  'icon.identifiable.dark.svg',
  'icon.dark.dark.svg',
  '..',
  '%2e%2e',
  '%00',
  'x'.repeat(300),
  'biometric.svg',
  'ümlaut',
  '%',
];
const segment = fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 20 }).map(encodeURIComponent));
const query = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        'limit',
        'cursor',
        'locales',
        'locale',
        'fields',
        'query',
        'category_id',
        'include',
        'datachain_type',
      ),
      fc.string({ maxLength: 8 }),
    ),
    fc.oneof(
      fc.constantFrom('0', '201', 'abc', '1.5', '-1', 'all', 'fr,zz', '', 'en', 'full', 'eyJvIjoxfQ'),
      fc.string({ maxLength: 12 }),
    ),
  ),
  { maxLength: 4 },
);

/** Every REST answer: never 5xx; JSON answers are envelopes (or the OpenAPI document), SVG answers are SVG. */
async function checkRest(path: string, init: RequestInit) {
  const r = await fetchWorker(path, init);
  const text = await r.text();
  expect(r.status, `${init.method} ${path}`).toBeLessThan(500);
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  const type = r.headers.get('content-type') ?? '';
  if (init.method === 'HEAD' || r.status === 204 || (r.status >= 300 && r.status < 400)) return;
  if (type.startsWith('image/svg+xml')) return expect(text.startsWith('<svg')).toBe(true);
  if (type.startsWith('text/html')) return expect(text.startsWith('<!doctype html>')).toBe(true);
  const body = JSON.parse(text);
  if (body.openapi) return;
  expect(typeof body.ok).toBe('boolean');
  expect(body.meta.request_id).toEqual(expect.any(String));
  if (!body.ok) for (const e of body.errors) expect(e.code).toMatch(/^[a-z_]+$/);
  expect(text).not.toMatch(/at \w+ \(|\.ts:\d+/);
}

describe('fuzzing every REST route', () => {
  it('random paths, methods and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TEMPLATES),
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        query,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD'),
        async (template, segs, q, method) => {
          let i = 0;
          const path = `/api/v2${template.replace(/:[a-z_]+/g, () => segs[i++ % segs.length]!)}`;
          const qs = q.length
            ? `?${q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
            : '';
          await checkRest(path + qs, { method, headers: { 'dtpr-client': crypto.randomUUID() } });
        },
      ),
      fuzzRuns(RUNS * 2),
    );
  });
  it('random bodies to the POST routes', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc.constant(JSON.stringify(REALISTIC)),
      fc.record({ elements: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) }).map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 200 }).map((b) => new TextDecoder().decode(b)),
    );
    const routes = [...JSON_ROUTES.filter((r) => r.method === 'POST'), { path: RENDER_PATH }];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (route, text, type) => {
          const path = `/api/v2${route.path.replace(':version', 'ai@2026-08-12')}`;
          await checkRest(path, {
            method: 'POST',
            body: text,
            headers: { 'content-type': type, 'dtpr-client': crypto.randomUUID() },
          });
        },
      ),
      fuzzRuns(RUNS),
    );
  });
  it('huge and deeply nested bodies', async () => {
    for (const text of [
      '['.repeat(5000) + ']'.repeat(5000),
      JSON.stringify({ elements: [], pad: 'x'.repeat(200_000) }),
    ]) {
      await checkRest('/api/v2/schemas/ai@2026-08-12/validate', {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/json', 'dtpr-client': crypto.randomUUID() },
      });
    }
  });
  it('a valid request right after still succeeds', async () => {
    const r = await fetchWorker('/api/v2/schemas/ai@2026-08-12/elements/input_biometric');
    expect(r.status).toBe(200);
    expect(((await r.json()) as { ok: boolean }).ok).toBe(true);
  });
});
