import { beforeAll, describe, expect, it } from 'vitest';
import realistic from '../e2e/fixtures/realistic-15.json';
import { DTPR_FIXTURE_ID, storeWithDtpr, surfacesOver } from '../helpers/dtpr-fixture.js';
import { callTool } from '../helpers/http.js';

/** A release of a second datachain type flows through every surface like an ai release. */
describe('a second datachain type (dtpr)', () => {
  let s: ReturnType<typeof surfacesOver>;
  const pinned = { ...realistic, schema_version: DTPR_FIXTURE_ID };
  beforeAll(async () => {
    s = surfacesOver(await storeWithDtpr());
  });

  it('is listed, tagged with its type, with its own aliases; the type filter keeps it alone', async () => {
    const data = (await s.tool('list_schema_versions', {})).structuredContent.data;
    const dtpr = data.versions.find((v: any) => v.id === DTPR_FIXTURE_ID);
    expect(dtpr).toMatchObject({ datachain_type: 'dtpr', status: 'beta', aliases: ['dtpr@latest-beta'] });
    expect(data.versions.filter((v: any) => v.id.startsWith('ai@')).every((v: any) => v.datachain_type === 'ai')).toBe(
      true,
    );
    const only = (await s.tool('list_schema_versions', { datachain_type: 'dtpr' })).structuredContent.data;
    expect(only.versions.map((v: any) => v.id)).toEqual([DTPR_FIXTURE_ID]);
    const rest = (await (await s.get('/api/v2/schemas?datachain_type=dtpr')).json()) as any;
    expect(rest.data.versions.map((v: any) => v.id)).toEqual([DTPR_FIXTURE_ID]);
  });

  it('answers dtpr@latest, with no stable dtpr release, by naming dtpr@latest-beta; ai@latest stays stable', async () => {
    const answer = await s.tool('get_schema', { version: 'dtpr@latest' });
    expect(answer.isError).toBe(true);
    const [error] = answer.structuredContent.errors;
    expect(error).toMatchObject({ code: 'unknown_version', path: 'version' });
    expect(error.fix_hint).toContain('dtpr@latest-beta');
    expect(error.fix_hint).toContain(DTPR_FIXTURE_ID);
    const res = await s.get('/api/v2/schemas/dtpr@latest/manifest');
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).errors[0].fix_hint).toContain('dtpr@latest-beta');
    const latest = await s.tool('get_schema', { version: 'ai@latest' });
    expect(latest.structuredContent.meta.version).toBe('ai@2026-08-12');
  });

  it('resolves dtpr@latest-beta and the %40 and / spellings on both MCP eras and REST', async () => {
    for (const version of ['dtpr@latest-beta', 'dtpr%402026-06-01-beta', 'dtpr/2026-06-01-beta']) {
      expect((await s.tool('get_schema', { version })).structuredContent.meta.version).toBe(DTPR_FIXTURE_ID);
      expect((await s.modernTool('get_schema', { version })).structuredContent.meta.version).toBe(DTPR_FIXTURE_ID);
    }
    const res = await s.get(`/api/v2/schemas/${DTPR_FIXTURE_ID}/categories`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('dtpr-content-hash')).toMatch(/^sha256-/);
  });

  it('validates, resolves and renders a datachain pinned to it on both MCP eras and REST', async () => {
    for (const call of [s.tool, s.modernTool]) {
      const valid = await call('validate_datachain', { version: DTPR_FIXTURE_ID, datachain: pinned });
      expect(valid.structuredContent.ok, JSON.stringify(valid.structuredContent.errors)).toBe(true);
      const resolved = await call('resolve_datachain', { version: DTPR_FIXTURE_ID, datachain: pinned });
      expect(resolved.structuredContent.data.schema_version).toBe(DTPR_FIXTURE_ID);
      const checked = await call('validate_resolved', {
        version: DTPR_FIXTURE_ID,
        datachain: resolved.structuredContent.data,
      });
      expect(checked.structuredContent.ok).toBe(true);
      const rendered = await call('render_datachain', { version: DTPR_FIXTURE_ID, datachain: pinned });
      expect(rendered.structuredContent.ok).toBe(true);
    }
    const valid = (await (await s.postJson(`/api/v2/schemas/${DTPR_FIXTURE_ID}/validate`, pinned)).json()) as any;
    expect(valid.ok).toBe(true);
    const resolved = await s.postJson(`/api/v2/schemas/dtpr@latest-beta/resolve`, pinned);
    expect(resolved.status).toBe(200);
    const page = await s.postJson(`/api/v2/schemas/${DTPR_FIXTURE_ID}/render`, pinned);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('migrates a datachain between releases of the type, and answers a move across types without a server error', async () => {
    const same = await s.tool('migrate_datachain', { version: 'dtpr@latest-beta', datachain: pinned });
    expect(same.structuredContent.ok).toBe(true);
    const across = await s.tool('migrate_datachain', { version: DTPR_FIXTURE_ID, datachain: realistic });
    expect(across.structuredContent.errors?.some((e: any) => e.code === 'internal_error') ?? false).toBe(false);
    const rest = await s.postJson(`/api/v2/schemas/${DTPR_FIXTURE_ID}/migrate`, realistic);
    expect(rest.status).toBeLessThan(500);
  });

  it('completes version values of every type', async () => {
    const reply = await s.rpc('completion/complete', {
      ref: { type: 'ref/prompt', name: 'choose_elements' },
      argument: { name: 'version', value: 'dtpr' },
    });
    expect(reply.result.completion.values).toEqual(['dtpr@latest-beta', DTPR_FIXTURE_ID]);
    const elements = await s.rpc('completion/complete', {
      ref: { type: 'ref/prompt', name: 'choose_elements' },
      argument: { name: 'category_id', value: 'purp' },
      context: { arguments: { version: 'dtpr@latest-beta' } },
    });
    expect(elements.result.completion.values).toEqual(['purpose']);
  });

  it('searches its elements and serves its icons', async () => {
    const found = await s.tool('list_elements', { version: DTPR_FIXTURE_ID, query: 'camera' });
    expect(found.structuredContent.ok).toBe(true);
    expect(found.structuredContent.data.elements.length).toBeGreaterThan(0);
    const icon = await s.get(`/api/v2/schemas/${DTPR_FIXTURE_ID}/elements/input_biometric/icon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('takes a prompt pinned to it', async () => {
    const reply = await s.rpc('prompts/get', {
      name: 'explain_datachain',
      arguments: { datachain: JSON.stringify(pinned) },
    });
    expect(reply.error).toBeUndefined();
    expect(JSON.stringify(reply.result)).toContain(DTPR_FIXTURE_ID);
  });
});

describe('the dtpr releases shipped under schemas/dtpr', () => {
  it('have no stable release yet: dtpr@latest names dtpr@latest-beta, which resolves', async () => {
    const latest = await callTool('get_schema', { version: 'dtpr@latest' });
    expect(latest.isError).toBe(true);
    expect(latest.structuredContent.errors[0].fix_hint).toContain('dtpr@latest-beta');
    const beta = await callTool('get_schema', { version: 'dtpr@latest-beta' });
    expect(beta.structuredContent.meta.version).toMatch(/^dtpr@\d{4}-\d{2}-\d{2}-beta$/);
    expect(beta.structuredContent.data.datachain_type.id).toBe('dtpr');
  });
});

describe('locale aliases', () => {
  let s: ReturnType<typeof surfacesOver>;
  beforeAll(async () => {
    s = surfacesOver(await storeWithDtpr());
  });

  it('read tl as fil and zh-TW as zh-Hant, which no release here carries: the usual locale error', async () => {
    for (const [alias, locale] of [
      ['tl', 'fil'],
      ['zh-TW', 'zh-Hant'],
      ['zh-tw', 'zh-Hant'],
    ]) {
      const answer = await s.tool('list_categories', { version: 'ai@latest', locales: [alias] });
      expect(answer.isError).toBe(true);
      const [error] = answer.structuredContent.errors;
      expect(error).toMatchObject({ code: 'invalid_arguments', path: 'locales[0]' });
      expect(error.message).toContain(`'${locale}'`);
      const prompt = await s.rpc('prompts/get', {
        name: 'choose_elements',
        arguments: { category_id: 'purpose', system_description: 'A chatbot.', locale: alias },
      });
      expect(JSON.stringify(prompt)).toContain(`Locale '${locale}' is not a locale of`);
    }
    const res = await s.get(`/api/v2/schemas/${DTPR_FIXTURE_ID}/elements?locale=tl`);
    expect(res.status).toBe(400);
  });
});
