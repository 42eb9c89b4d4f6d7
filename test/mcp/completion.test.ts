import { describe, expect, it } from 'vitest';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { complete, expectInvalid, releaseOf } from '../helpers/prompts.js';

const prompt = (name: string) => ({ type: 'ref/prompt', name });
const ELEMENT_TEMPLATE = { type: 'ref/resource', uri: 'dtpr://schemas/{version}/elements/{element_id}' };
const CATEGORIES_TEMPLATE = { type: 'ref/resource', uri: 'dtpr://schemas/{version}/categories' };

async function values(ref: unknown, name: string, value: string, context?: Record<string, string>) {
  const r = await complete({ ref, argument: { name, value }, ...(context ? { context: { arguments: context } } : {}) });
  expect(r.status).toBe(200);
  expect(r.json.error, r.text).toBeUndefined();
  const c = r.json.result.completion;
  expect(c.values.length).toBeLessThanOrEqual(100);
  expect(c.total).toBeGreaterThanOrEqual(c.values.length);
  return c as { values: string[]; total: number; hasMore: boolean };
}

describe('completion/complete for prompt arguments', () => {
  const index = catalogueStore().index();
  const allVersions = [...index.versions.map((v) => v.id), ...Object.keys(index.aliases)];

  it('version: every served version and alias, filtered by what is typed', async () => {
    for (const name of [
      'draft_datachain',
      'choose_elements',
      'audit_datachain',
      'explain_datachain',
      'translate_datachain',
    ]) {
      expect((await values(prompt(name), 'version', '')).values.sort()).toEqual([...allVersions].sort());
    }
    expect((await values(prompt('draft_datachain'), 'version', 'ai@LATEST')).values.sort()).toEqual(
      Object.keys(index.aliases)
        .filter((alias) => alias.startsWith('ai@'))
        .sort(),
    );
    expect((await values(prompt('draft_datachain'), 'version', 'nothing-like-it')).values).toEqual([]);
  });

  it('category_id: the ids of the release named in context, default ai@latest, prefix matches first', async () => {
    const latest = releaseOf('ai@latest').bundle.categories.map((c) => c.id);
    const beta = releaseOf('ai@latest-beta').bundle.categories.map((c) => c.id);
    expect((await values(prompt('choose_elements'), 'category_id', '')).values).toEqual(latest);
    expect((await values(prompt('choose_elements'), 'category_id', '', { version: 'ai@latest-beta' })).values).toEqual(
      beta,
    );
    const typed = 'data';
    const expected = [
      ...latest.filter((id) => id.startsWith(typed)),
      ...latest.filter((id) => !id.startsWith(typed) && id.includes(typed)),
    ];
    expect((await values(prompt('choose_elements'), 'category_id', typed)).values).toEqual(expected);
  });

  it("locale and target_locale: the release's locales", async () => {
    const locales = [...releaseOf('ai@latest').locales];
    expect((await values(prompt('draft_datachain'), 'locale', '')).values).toEqual(locales);
    expect((await values(prompt('translate_datachain'), 'target_locale', '')).values).toEqual(locales);
    expect((await values(prompt('translate_datachain'), 'target_locale', 'f')).values).toEqual(
      locales.filter((l) => l.startsWith('f')),
    );
  });

  it('free-text arguments have no values', async () => {
    for (const [name, arg] of [
      ['draft_datachain', 'system_description'],
      ['audit_datachain', 'datachain'],
      ['explain_datachain', 'audience'],
    ]) {
      expect(await values(prompt(name!), arg!, 'a')).toEqual({ values: [], total: 0, hasMore: false });
    }
  });
});

describe('completion/complete for resource template arguments', () => {
  it("element_id: the release's element ids, at most 100 with total and hasMore", async () => {
    const ids = [...releaseOf('ai@latest').elementById.keys()];
    const all = await values(ELEMENT_TEMPLATE, 'element_id', '');
    expect(all.total).toBe(ids.length);
    expect(all.values).toEqual(ids.slice(0, 100));
    expect(all.hasMore).toBe(ids.length > 100);
    const beta = releaseOf('ai@latest-beta');
    const some = await values(ELEMENT_TEMPLATE, 'element_id', 'input_', { version: beta.id });
    expect(some.values).toEqual([...beta.elementById.keys()].filter((id) => id.startsWith('input_')));
  });

  it('version, in both templates', async () => {
    for (const ref of [ELEMENT_TEMPLATE, CATEGORIES_TEMPLATE])
      expect((await values(ref, 'version', 'ai@latest')).values).toContain('ai@latest');
  });
});

describe('completion/complete refuses unknown references with -32602', () => {
  it.each<[string, Record<string, unknown>, string, RegExp, RegExp?]>([
    [
      'an unknown prompt',
      { ref: prompt('nope'), argument: { name: 'version', value: '' } },
      'params.ref.name',
      /Unknown prompt 'nope'/,
      /draft_datachain/,
    ],
    [
      'an argument the prompt does not have',
      { ref: prompt('draft_datachain'), argument: { name: 'category_id', value: '' } },
      'params.argument.name',
      /not an argument of this prompt/,
      /system_description, version, locale/,
    ],
    [
      'an unknown resource template',
      { ref: { type: 'ref/resource', uri: 'dtpr://nope/{version}' }, argument: { name: 'version', value: '' } },
      'params.ref.uri',
      /Unknown resource template/,
      /elements\/\{element_id\}/,
    ],
    [
      'the view resource, which takes no arguments',
      { ref: { type: 'ref/resource', uri: 'ui://dtpr/datachain/view.html' }, argument: { name: 'version', value: '' } },
      'params.ref.uri',
      /Unknown resource template/,
    ],
    [
      'an argument the template does not have',
      { ref: CATEGORIES_TEMPLATE, argument: { name: 'element_id', value: '' } },
      'params.argument.name',
      /not an argument of this resource template/,
      /version/,
    ],
  ])('%s', async (_, params, path, message, hint) => expectInvalid(await complete(params), path, message, hint));

  it('a bad or missing ref is -32602 at params.ref, showing both reference shapes', async () => {
    for (const ref of [undefined, { type: 'ref/nope', name: 'x' }, { type: 'ref/prompt' }, 'draft_datachain']) {
      const r = await complete({ ref, argument: { name: 'version', value: '' } });
      expect(r.json.error).toMatchObject({ code: -32602, data: { path: 'params.ref' } });
      expect(r.json.error.data.fix_hint).toMatch(/ref\/prompt.*ref\/resource/);
    }
  });

  it('a version in context the catalogue does not serve is -32602 at its path, not an empty list', async () => {
    for (const version of ['garbage', 'ai@2099-01-01']) {
      const r = await complete({
        ref: prompt('choose_elements'),
        argument: { name: 'category_id', value: '' },
        context: { arguments: { version } },
      });
      expect(r.json.error).toMatchObject({ code: -32602, data: { path: 'params.context.arguments.version' } });
      expect(r.json.error.data.fix_hint).toBeTruthy();
    }
  });

  it('malformed params', async () => {
    for (const params of [
      {},
      { ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: '' } },
      { ref: prompt('draft_datachain'), argument: { name: 'version' } },
      { ref: prompt('draft_datachain'), argument: { name: 'version', value: 'x'.repeat(257) } },
    ]) {
      const r = await complete(params);
      expect(r.json.error.code).toBe(-32602);
    }
  });
});
