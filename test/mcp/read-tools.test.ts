import { describe, expect, it } from 'vitest';
import INSTANCE_SCHEMAS from '../../src/tools/kernel/instance-schemas.json';
import { aliasTarget, VERSION_IDS } from '../helpers/releases.js';
import { call, toolDescriptors } from '../helpers/tools.js';

const V = 'ai@2026-08-12';
const BETA = 'ai@2026-04-16-beta';

describe('list_schema_versions', () => {
  it('lists every served release with the aliases that point at it', async () => {
    const { env } = await call('list_schema_versions', {});
    expect(env.ok).toBe(true);
    expect(env.data.versions.map((v) => v.id)).toEqual(VERSION_IDS);
    expect(env.data.versions.map((v) => v.id)).toEqual(expect.arrayContaining([V, BETA]));
    for (const alias of ['ai@latest', 'ai@latest-beta']) {
      expect(env.data.versions.find((v) => v.id === aliasTarget(alias))!.aliases).toContain(alias);
    }
  });
  it('filters by datachain type; a type no release has lists nothing and says which types there are', async () => {
    const dtpr = (await call('list_schema_versions', { datachain_type: 'dtpr' })).env;
    expect(dtpr.data.versions.length).toBeGreaterThan(0);
    expect(dtpr.meta.warnings ?? []).toEqual([]);
    for (const type of ['nope', 'AI']) {
      const { env } = await call('list_schema_versions', { datachain_type: type });
      expect(env.data.versions).toEqual([]);
      expect(env.meta.warnings).toEqual([expect.stringMatching(new RegExp(`'${type}'.*types served are: ai, dtpr`))]);
    }
  });
  it('rejects unknown arguments naming the allowed ones', async () => {
    const { env } = await call('list_schema_versions', { datachain: 'ai' }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'datachain' });
    expect(env.errors[0]!.fix_hint).toContain('datachain_type');
  });
});

describe('get_schema', () => {
  it('manifest mode is small and has no JSON Schemas', async () => {
    const { result, env } = await call('get_schema', { version: V });
    expect(env.data.manifest.version).toBe(V);
    expect(env.data.categories.map((c) => c.id)).toEqual(env.data.datachain_type.categories);
    expect(env.data.schema_json!).toBeUndefined();
    expect(env.data.elements).toBeUndefined();
    expect(env.meta).toMatchObject({ version: V, content_hash: expect.stringMatching(/^sha256-[0-9a-f]{64}$/) });
    expect(result.content[0]!.text.length).toBeLessThan(80_000);
  });
  it('full mode adds elements and JSON Schemas', async () => {
    const { env } = await call('get_schema', { version: V, include: 'full' });
    expect(env.data.elements).toHaveLength(109);
    expect(Object.keys(env.data.schema_json!)).toEqual(expect.arrayContaining(['Category', 'Element']));
    // A datachain's fields say what they do, the order priority sets among them.
    const placement = env.data.schema_json!.DatachainInstance.properties.elements.items;
    expect(placement.properties.priority.description).toMatch(/a higher number comes first/);
    // The Worker's script serves the file gen wrote (decision 083): what this import graph
    // converts is that file, so gen's graph registers the same forms.
    expect(env.data.schema_json).toEqual(INSTANCE_SCHEMAS);
  });
  it.each([
    ['ai@latest', aliasTarget('ai@latest')],
    ['ai@latest-beta', aliasTarget('ai@latest-beta')],
    ['ai%402026-08-12', V],
    ['ai/2026-04-16-beta', BETA],
  ])('resolves %s', async (arg, canonical) => {
    expect((await call('get_schema', { version: arg })).env.meta.version).toBe(canonical);
  });
  it.each([
    ['ai@2026-02-30', 'bad_request'],
    ['ai@20260812', 'bad_request'],
    ['ai@2026-08-12-rc', 'bad_request'],
    ['a i@2026-08-12', 'bad_request'],
    ['nope', 'bad_request'],
    ['ai@2099-01-01', 'unknown_version'],
    ['ai@oldest', 'unknown_version'],
    ['xx@latest', 'unknown_version'],
  ])('version %s -> %s (hard)', async (version, code) => {
    const { env } = await call('get_schema', { version }, true);
    expect(env.errors[0]!).toMatchObject({ code, path: 'version' });
    expect(env.errors[0]!.fix_hint).toBeTruthy();
  });
  it('bad include -> invalid_arguments', async () => {
    const { env } = await call('get_schema', { version: V, include: 'everything' }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'include' });
  });
  it('missing version -> invalid_arguments naming it', async () => {
    const { env } = await call('get_schema', {}, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'version' });
  });
  it('arguments not an object -> invalid_arguments saying what they must be', async () => {
    for (const [args, kind] of [
      ['ai@latest', 'a string'],
      [[1], 'an array'],
      [5, 'a number'],
    ] as const) {
      const { env } = await call('get_schema', args, true);
      expect(env.errors).toEqual([
        expect.objectContaining({ code: 'invalid_arguments', message: expect.stringContaining(`not ${kind}`) }),
      ]);
      expect(env.errors[0]!.fix_hint).toMatch(/inputSchema/);
    }
  });
});

describe('list_categories', () => {
  it('lists categories in display order with next_cursor null', async () => {
    const { env } = await call('list_categories', { version: V });
    expect(env.data.categories).toHaveLength(12);
    expect(env.data.categories[0]!.id).toBe('purpose');
    expect(env.meta.next_cursor).toBeNull();
  });
  it('the beta has no affected category', async () => {
    const { env } = await call('list_categories', { version: BETA });
    expect(env.data.categories.map((c) => c.id)).not.toContain('affected');
    expect(env.data.categories).toHaveLength(11);
  });
  it('filters locales', async () => {
    const { env } = await call('list_categories', { version: V, locales: ['fr'] });
    expect(env.data.categories[0]!.name.map((n) => n.locale)).toEqual(['fr']);
  });
  it('rejects an empty or unknown locale list', async () => {
    expect((await call('list_categories', { version: V, locales: [] }, true)).env.errors[0]!.path).toBe('locales');
    expect((await call('list_categories', { version: V, locales: ['zz'] }, true)).env.errors[0]!.path).toBe(
      'locales[0]',
    );
  });
});

describe('list_elements', () => {
  it('pages through all 109 elements with cursors', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const { env } = await call('list_elements', { version: V, limit: 50, ...(cursor ? { cursor } : {}) });
      expect(env.data.total).toBe(109);
      seen.push(...env.data.elements.map((e) => e.id));
      expect(Object.keys(env.data.elements[0]!)).toEqual(['id', 'title', 'category_id']);
      cursor = env.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(109);
    expect(new Set(seen).size).toBe(109);
  });
  it('filters by category', async () => {
    const { env } = await call('list_elements', { version: V, category_id: 'functional_modes' });
    expect(env.data.total).toBe(6);
    expect(env.data.elements.every((e) => e.category_id === 'functional_modes')).toBe(true);
  });
  it('unknown category -> invalid_arguments listing categories', async () => {
    const { env } = await call('list_elements', { version: V, category_id: 'nope' }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'category_id' });
    expect(env.errors[0]!.fix_hint).toContain('purpose');
  });
  it('searches titles first, with typos and prefixes', async () => {
    const exact = await call('list_elements', { version: V, query: 'biometric' });
    const ids = exact.env.data.elements.map((e) => e.id);
    expect(ids.slice(0, 3)).toEqual(expect.arrayContaining(['input_biometric', 'output_biometric']));
    const typo = await call('list_elements', { version: V, query: 'biometrc' });
    expect(typo.env.data.elements.map((e) => e.id)).toContain('input_biometric');
    const prefix = await call('list_elements', { version: V, query: 'biom' });
    expect(prefix.env.data.elements.map((e) => e.id)).toContain('biometric_recognition');
  });
  it('searches in French with locale fr', async () => {
    const { env } = await call('list_elements', { version: V, query: 'santé', locale: 'fr' });
    expect(env.data.total).toBeGreaterThan(0);
  });
  it('combines search and category', async () => {
    const { env } = await call('list_elements', { version: V, query: 'biometric', category_id: 'input_dataset' });
    expect(env.data.elements.map((e) => e.id)).toEqual(['input_biometric']);
  });
  it('projects fields and locales', async () => {
    const { env } = await call('list_elements', { version: V, fields: ['shape'], locales: ['fr'], limit: 1 });
    expect(env.data.elements[0]!).toEqual({ id: 'accessibility', shape: 'hexagon' });
    const full = await call('list_elements', { version: V, fields: ['all'], locales: ['fr'], limit: 1 });
    expect(full.env.data.elements[0]!.title.map((t: any) => t.locale)).toEqual(['fr']);
  });
  it('an unknown field name is an error that names the fields there are', async () => {
    const { env } = await call('list_elements', { version: V, fields: ['shape', 'nope'] }, true);
    expect(env.errors).toHaveLength(1);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'fields[1]' });
    expect(env.errors[0]!.message).toMatch(/Unknown field "nope"; the fields are: all, id, category_id, title/);
  });
  it('fields is published as an array of the real field names, so clients can build a form from it', async () => {
    for (const name of ['list_elements', 'get_element', 'get_elements']) {
      const fields = (await toolDescriptors()).get(name)!.inputSchema.properties!.fields;
      expect(fields.type).toBe('array');
      expect(fields.items.enum).toEqual(
        expect.arrayContaining(['all', 'id', 'title', 'search_terms', 'icon_variants']),
      );
    }
  });
  it.each([[0], [201], [1.5], ['10']])('limit %s -> invalid_arguments', async (limit) => {
    const { env } = await call('list_elements', { version: V, limit }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'limit' });
  });
  it('limit 200 and offset past the end', async () => {
    const { env } = await call('list_elements', { version: V, limit: 200 });
    expect(env.data.returned).toBe(109);
    expect(env.meta.next_cursor).toBeNull();
  });
  it('rejects garbage and foreign cursors with bad_request', async () => {
    expect((await call('list_elements', { version: V, cursor: '!!!' }, true)).env.errors[0]!).toMatchObject({
      code: 'bad_request',
      path: 'cursor',
    });
    const page = await call('list_elements', { version: V, limit: 5 });
    const foreignVersion = await call(
      'list_elements',
      { version: BETA, limit: 5, cursor: page.env.meta.next_cursor },
      true,
    );
    expect(foreignVersion.env.errors[0]!.code).toBe('bad_request');
    const foreignQuery = await call(
      'list_elements',
      { version: V, limit: 5, query: 'data', cursor: page.env.meta.next_cursor },
      true,
    );
    expect(foreignQuery.env.errors[0]!.code).toBe('bad_request');
    const sameQuery = await call('list_elements', { version: V, limit: 5, cursor: page.env.meta.next_cursor });
    expect(sameQuery.env.data.elements[0]!.id).not.toBe(page.env.data.elements[0]!.id);
  });
  it('bad locale -> invalid_arguments', async () => {
    expect((await call('list_elements', { version: V, query: 'x', locale: 'zz' }, true)).env.errors[0]!.path).toBe(
      'locale',
    );
  });
});

describe('get_element', () => {
  it('reads a materialized element', async () => {
    const { env } = await call('get_element', { version: V, element_id: 'input_biometric' });
    const e = env.data.element;
    expect(e).toMatchObject({ id: 'input_biometric', category_id: 'input_dataset', shape: 'circle' });
    expect(e.icon_variants).toEqual([
      'default',
      'dark',
      'de_identified',
      'de_identified.dark',
      'pseudonymous',
      'pseudonymous.dark',
      'identifiable',
      'identifiable.dark',
    ]);
    expect(e.variables.map((v: any) => v.id)).toContain('additional_description');
  });
  it('missing element -> element_not_found (hard)', async () => {
    const { env } = await call('get_element', { version: V, element_id: 'missing_element' }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'element_not_found', path: 'element_id' });
    expect(env.meta.version).toBe(V);
  });
  it('a misspelt or miscased element id -> element_not_found, with the ids it may have meant', async () => {
    for (const [sent, meant] of [
      ['input_biometrc', 'input_biometric'],
      ['Input_Biometric', 'input_biometric'],
    ]) {
      const one = await call('get_element', { version: V, element_id: sent }, true);
      expect(one.env.errors[0]!.fix_hint, sent).toContain(`Did you mean '${meant}'`);
      const many = await call('get_elements', { version: V, element_ids: [sent] });
      expect(many.env.errors[0]!.fix_hint, sent).toContain(`'${meant}'`);
    }
  });
  it('path-like ids are refused before lookup', async () => {
    const { env } = await call('get_element', { version: V, element_id: '../manifest' }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path: 'element_id' });
  });
  it('element of the stable release missing from the beta', async () => {
    await call('get_element', { version: BETA, element_id: 'people' }, true);
  });
});

describe('get_elements', () => {
  it('dedupes and returns a map', async () => {
    const { env } = await call('get_elements', {
      version: V,
      element_ids: ['accessibility', 'people', 'accessibility'],
    });
    expect(Object.keys(env.data.elements)).toEqual(['accessibility', 'people']);
    expect(env.errors).toBeUndefined();
  });
  it('partial misses are a soft failure with data and errors', async () => {
    const { env } = await call('get_elements', {
      version: V,
      element_ids: ['accessibility', 'missing_one', 'accessibility', 'missing_two'],
    });
    expect(env.ok).toBe(false);
    expect(env.data.elements).toMatchObject({
      missing_one: null,
      missing_two: null,
      accessibility: { id: 'accessibility' },
    });
    expect(env.errors.map((e) => [e.code, e.path])).toEqual([
      ['element_not_found', 'element_ids[1]'],
      ['element_not_found', 'element_ids[3]'],
    ]);
    expect(env.meta.version).toBe(V);
  });
  it('100 distinct ids are fine; 101 -> element_ids_too_many (hard)', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `id_${i}`);
    const ok100 = await call('get_elements', { version: V, element_ids: ids.slice(0, 100) });
    expect(ok100.env.errors).toHaveLength(100);
    const { env } = await call('get_elements', { version: V, element_ids: ids }, true);
    expect(env.errors[0]!).toMatchObject({ code: 'element_ids_too_many', path: 'element_ids' });
  });
  it('empty list -> invalid_arguments', async () => {
    await call('get_elements', { version: V, element_ids: [] }, true);
  });
});

describe('get_icon_url', () => {
  it('returns the URL of a variant and lists the valid ones', async () => {
    const { env } = await call('get_icon_url', {
      version: V,
      element_id: 'input_biometric',
      variant: 'pseudonymous.dark',
    });
    expect(env.data).toMatchObject({
      path: '/api/v2/schemas/ai@2026-08-12/elements/input_biometric/icon.pseudonymous.dark.svg',
      content_type: 'image/svg+xml',
      variant: 'pseudonymous.dark',
    });
    expect(env.data.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/v2\//);
    const def = await call('get_icon_url', { version: 'ai@latest', element_id: 'accessibility' });
    expect(def.env.data.path).toBe('/api/v2/schemas/ai@2026-08-12/elements/accessibility/icon.svg');
  });
  it('unknown variant -> unknown_variant naming the valid ones', async () => {
    const { env } = await call(
      'get_icon_url',
      { version: V, element_id: 'accessibility', variant: 'identifiable' },
      true,
    );
    expect(env.errors[0]!).toMatchObject({
      code: 'unknown_variant',
      path: 'variant',
      fix_hint: 'Use one of: default, dark.',
    });
  });
  it('unknown element -> element_not_found', async () => {
    await call('get_icon_url', { version: V, element_id: 'nope' }, true);
  });
});

describe('tools/list descriptors', () => {
  it('every tool has title, description, strict input schema, output schema and annotations', async () => {
    for (const t of (await toolDescriptors()).values()) {
      expect(t.title).toBeTruthy();
      expect(t.description.length).toBeGreaterThan(40);
      expect(t.inputSchema).toMatchObject({
        type: 'object',
        additionalProperties: false,
        $schema: 'https://json-schema.org/draft/2020-12/schema',
      });
      expect(t.outputSchema.type).toBe('object');
      expect(t.annotations).toMatchObject({ openWorldHint: false });
      expect(typeof t.annotations.readOnlyHint).toBe('boolean');
    }
  });
});

describe('an over-long element id', () => {
  it('is one error, not one per check of the same cap', async () => {
    const id = 'a'.repeat(200);
    const cases: Array<[Parameters<typeof call>[0], Record<string, unknown>, string]> = [
      ['get_element', { version: 'ai@latest', element_id: id }, 'element_id'],
      ['get_icon_url', { version: 'ai@latest', element_id: id }, 'element_id'],
      ['get_elements', { version: 'ai@latest', element_ids: [id] }, 'element_ids[0]'],
    ];
    for (const [tool, args, path] of cases) {
      const { env } = await call(tool, args, true);
      expect({ tool, errors: env.errors.map((e) => e.path) }).toEqual({ tool, errors: [path] });
      expect(env.errors[0]!.message).toMatch(/over its limit of 128 characters/);
    }
  });
});
