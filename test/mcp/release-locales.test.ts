import { describe, expect, it } from 'vitest';
import { LOCALE_ALIAS_CODES, LOCALE_CODES } from '../../src/domain/locale.js';
import descriptors from '../../src/tools/kernel/tool-descriptors.json';
import { call } from '../helpers/tools.js';
import { complete } from '../helpers/prompts.js';

const V = 'dtpr@2026-09-01-beta';
const TRANSLATED = ['es', 'pt', 'nl', 'de', 'vi', 'fil', 'zh-Hans', 'zh-Hant', 'km'] as const;
const ALL = ['en', 'fr', ...TRANSLATED];

/** A few words a resident might type for a CCTV camera, per locale. */
const CAMERA_QUERY: Record<string, string> = {
  en: 'cctv camera',
  fr: 'caméra de surveillance',
  es: 'cámara de vigilancia',
  pt: 'câmera de vigilância',
  nl: 'bewakingscamera',
  de: 'Überwachungskamera',
  vi: 'camera giám sát',
  fil: 'CCTV camera',
  'zh-Hans': '监控摄像头',
  'zh-Hant': '監視器',
  km: 'កាមេរ៉ាសុវត្ថិភាព',
};

describe(`${V} in each of its locales`, () => {
  it.each(ALL)('get_element answers its texts in %s', async (locale) => {
    const { env } = await call('get_element', { version: V, element_id: 'camera', locales: [locale] });
    expect(env.ok).toBe(true);
    for (const text of [env.data.element.title, env.data.element.description]) {
      expect(text).toEqual([{ locale, value: expect.stringMatching(/\S/) }]);
    }
    expect(env.data.element.search_terms).toEqual([{ locale, terms: expect.arrayContaining([expect.any(String)]) }]);
  });

  it.each(ALL)('list_elements with a query in %s finds the camera in the top 3', async (locale) => {
    const { env } = await call('list_elements', { version: V, query: CAMERA_QUERY[locale], locale, limit: 3 });
    expect(env.ok).toBe(true);
    expect(env.data.elements.map((e) => e.id)).toContain('camera');
    expect(env.data.elements[0]!.match!.terms.length).toBeGreaterThan(0);
  });

  it.each(TRANSLATED)(
    "get_translation_status answers %s as a machine draft read by a separate review pass, with both passes' flags",
    async (locale) => {
      const { env } = await call('get_translation_status', { version: V, locales: [locale], flag_status: 'all' });
      expect(env.ok).toBe(true);
      const [entry] = env.data.locales;
      expect(entry).toMatchObject({ locale, status: 'machine_reviewed', updated_at: '2026-11-26' });
      // Reviewed by someone other than the translator, and the summary says no fluent speaker has checked it.
      expect(entry!.reviewed_by).toEqual(expect.any(String));
      expect(entry!.reviewed_by).not.toBe(entry!.translated_by);
      expect(entry!.summary).toContain('No fluent speaker has checked it');
      expect(env.data.flags.every((f) => f.locale === locale)).toBe(true);
      expect(env.data.flags.some((f) => f.raised_by === 'reviewer')).toBe(true);
      expect(entry!.flag_counts.open).toBe(env.data.flags.filter((f) => f.status === 'open').length);
    },
  );

  it('lists the open flags of every translated locale, and none is marked reviewed by a person', async () => {
    const { env } = await call('get_translation_status', { version: V });
    const withFlags = new Set(env.data.flags.map((f) => f.locale));
    for (const locale of TRANSLATED) expect(withFlags).toContain(locale);
    expect(env.data.locales.some((l) => l.status === 'human_reviewed')).toBe(false);
  });

  it("completion: a locale argument takes the datachain's release, and an alias typed completes to its locale", async () => {
    const datachain = JSON.stringify({ schema_version: V, elements: [] });
    const ask = async (value: string, args: Record<string, string>) => {
      const r = await complete({
        ref: { type: 'ref/prompt', name: 'translate_datachain' },
        argument: { name: 'target_locale', value },
        context: { arguments: args },
      });
      expect(r.json.error, r.text).toBeUndefined();
      return r.json.result.completion.values as string[];
    };
    expect(await ask('', { datachain })).toEqual(ALL);
    // `version` chosen wins over the datachain's, as the prompt takes it.
    expect(await ask('', { datachain, version: 'ai@latest' })).toEqual(['en', 'fr']);
    expect(await ask('tl', { datachain })).toEqual(['fil']);
    expect(await ask('zh-TW', { datachain })).toEqual(['zh-Hant']);
    const unserved = await complete({
      ref: { type: 'ref/prompt', name: 'translate_datachain' },
      argument: { name: 'target_locale', value: '' },
      context: { arguments: { datachain: JSON.stringify({ schema_version: 'dtpr@2099-01-01-beta' }) } },
    });
    expect(unserved.json.error).toMatchObject({
      code: -32602,
      data: { path: 'params.context.arguments.datachain.schema_version' },
    });
  });

  it('reads tl as fil and zh-TW as zh-Hant', async () => {
    for (const [alias, locale] of [
      ['tl', 'fil'],
      ['zh-TW', 'zh-Hant'],
    ]) {
      const { env } = await call('get_element', { version: V, element_id: 'camera', locales: [alias] });
      expect(env.data.element.title.map((t: { locale: string }) => t.locale)).toEqual([locale]);
    }
  });

  it('reads a code or an alias in any case, as language tags are (BCP 47)', async () => {
    for (const [sent, locale] of [
      ['EN', 'en'],
      ['zh-hans', 'zh-Hans'],
      ['ZH-HANT', 'zh-Hant'],
      ['Fil', 'fil'],
      ['zh-tw', 'zh-Hant'],
    ]) {
      const { env } = await call('get_element', { version: V, element_id: 'camera', locales: [sent] });
      expect(
        env.data.element.title.map((t: { locale: string }) => t.locale),
        sent,
      ).toEqual([locale]);
      const listed = await call('list_elements', { version: V, locale: sent, query: 'camera' });
      expect(listed.env.ok, sent).toBe(true);
    }
  });

  it('lists the aliases in every input schema that takes a locale, so a client checking arguments sends them', () => {
    type Prop = { enum?: string[]; items?: Prop };
    const localeProps = descriptors.flatMap((d) =>
      Object.entries(d.inputSchema.properties as unknown as Record<string, Prop>)
        .map(([name, p]) => [`${d.name}.${name}`, p.items ?? p] as const)
        .filter(([, p]) => p.enum?.includes('fil')),
    );
    expect(localeProps.length).toBeGreaterThan(8);
    for (const [where, p] of localeProps) expect(p.enum, where).toEqual([...LOCALE_CODES, ...LOCALE_ALIAS_CODES]);
  });

  it('refuses a locale the project does not know, and one an ai release does not carry, naming the locales', async () => {
    const unknown = await call('list_elements', { version: V, locale: 'ja', query: 'camera' }, true);
    expect(unknown.env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'locale' });
    expect(unknown.env.errors[0]!.message).toContain(LOCALE_CODES.join(', '));
    for (const [args, path] of [
      [{ locale: 'km', query: 'camera' }, 'locale'],
      [{ locales: ['en', 'km'] }, 'locales[1]'],
    ] as const) {
      const { env } = await call('list_elements', { version: 'ai@2026-08-12', ...args }, true);
      expect(env.errors[0]).toMatchObject({
        code: 'invalid_arguments',
        path,
        fix_hint: 'Use locales of the release: en, fr.',
      });
      expect(env.errors[0]!.message).toContain('ai@2026-08-12, which carries en, fr');
      // An answer about a release, refusal included, names it (contract section 3).
      expect(env.meta).toMatchObject({ version: 'ai@2026-08-12', content_hash: expect.stringMatching(/^sha256-/) });
    }
  });

  it("refuses a code with a region the project does not list, naming the locale its language is (pt-BR: 'pt')", async () => {
    for (const [code, meant] of [
      ['pt-BR', 'pt'],
      ['en-gb', 'en'],
      ['zh-CN', 'zh-Hans'],
    ] as const) {
      const { env } = await call('list_elements', { version: V, locale: code, query: 'camera' }, true);
      expect(env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'locale' });
      expect(env.errors[0]!.message).toContain(`Unknown locale '${code}' (did you mean '${meant}'?)`);
    }
    const ja = await call('list_elements', { version: V, locale: 'ja-JP', query: 'camera' }, true);
    expect(ja.env.errors[0]!.message).not.toContain('did you mean');
  });
});
