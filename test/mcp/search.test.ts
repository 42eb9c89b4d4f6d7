import { describe, expect, it } from 'vitest';
import { call } from '../helpers/tools.js';

const V = 'ai@2026-08-12';

const search = async (query: string, extra: Record<string, unknown> = {}) =>
  (await call('list_elements', { version: V, query, ...extra })).env;
const ids = async (query: string, extra: Record<string, unknown> = {}): Promise<string[]> =>
  (await search(query, extra)).data.elements.map((e) => e.id);

describe('list_elements search: plain questions find the elements people mean', () => {
  it('"who is accountable" ranks the accountable party, not access elements', async () => {
    expect((await ids('who is accountable')).slice(0, 3)).toEqual(
      expect.arrayContaining(['institution', 'organization']),
    );
  });
  it.each([['opt out'], ['can I opt out']])('"%s" reaches right_object in the top 5', async (query) => {
    expect((await ids(query)).slice(0, 5)).toContain('right_object');
  });
  it.each([
    ['police', 'enforcement'],
    ['hiring', 'employment'],
  ])('"%s" returns %s in the top 3', async (query, id) => {
    expect((await ids(query)).slice(0, 3)).toContain(id);
  });
  it('"cctv camera" returns computer vision and sensing, not only one of them', async () => {
    expect((await ids('cctv camera')).slice(0, 3)).toEqual(
      expect.arrayContaining(['computer_vision', 'perceptive_mode']),
    );
  });
  it('"license plate reader" finds cameras and enforcement', async () => {
    expect((await ids('license plate reader')).slice(0, 2)).toEqual(
      expect.arrayContaining(['computer_vision', 'enforcement']),
    );
  });
  it('matches word forms and misspellings: stems, and a misspelled ending', async () => {
    expect((await ids('recordings kept')).slice(0, 3)).toContain('data_retained');
    expect((await ids('facial recogntion'))[0]).toBe('biometric_recognition');
  });
});

describe('list_elements search in French', () => {
  it.each([
    ['caméra de surveillance', 'computer_vision'],
    ['camera de surveillance', 'computer_vision'],
    ['reconnaissance faciale', 'biometric_recognition'],
    ['vidéosurveillence', 'computer_vision'],
  ])('"%s" finds %s through locale and through locales alone, in the same order', async (query, id) => {
    const byLocale = await ids(query, { locale: 'fr' });
    expect(byLocale.slice(0, 3)).toContain(id);
    expect(await ids(query, { locales: ['fr'] })).toEqual(byLocale);
  });
  it.each([
    ['donnees', 'données'],
    ['donnees biometriques', 'données biométriques'],
    ['duree de conservation', 'durée de conservation'],
    ['donnee', 'donnée'],
  ])('"%s", typed without accents, finds what "%s" finds', async (bare, accented) => {
    const expected = await ids(accented, { locale: 'fr', limit: 20 });
    expect(expected.length).toBeGreaterThan(0);
    expect(await ids(bare, { locale: 'fr', limit: 20 })).toEqual(expected);
  });
  it('locale without a query changes nothing, and a warning says so and points to locales', async () => {
    const plain = (await call('list_elements', { version: V, limit: 3 })).env;
    const withLocale = (await call('list_elements', { version: V, limit: 3, locale: 'fr' })).env;
    expect(withLocale.data).toEqual(plain.data);
    expect(plain.meta.warnings ?? []).toEqual([]);
    expect(withLocale.meta.warnings).toEqual([expect.stringMatching(/^locale_unused: .*'locales'/)]);
    const searched = (await call('list_elements', { version: V, limit: 3, locale: 'fr', query: 'caméra' })).env;
    expect(searched.meta.warnings ?? []).toEqual([]);
  });
  it('locale wins over locales for the query; locales still choose the texts shown', async () => {
    const env = await search('reconnaissance faciale', { locale: 'fr', locales: ['en'], limit: 1 });
    expect(env.data.elements[0]!).toMatchObject({
      id: 'biometric_recognition',
      title: [{ locale: 'en', value: expect.any(String) }],
    });
    expect(env.data.elements[0]!.title).toHaveLength(1);
  });
  it('an English query is not searched in French when locales ask for English first', async () => {
    expect((await ids('hiring', { locales: ['en', 'fr'] }))[0]).toBe('employment');
  });
});

describe('list_elements match', () => {
  it('every hit says which query words matched and in which fields', async () => {
    const env = await search('CCTV cameras in the street');
    expect(env.data.elements.length).toBeGreaterThan(0);
    for (const e of env.data.elements) {
      expect(e.match!.terms.length).toBeGreaterThan(0);
      expect(['cctv', 'cameras', 'street']).toEqual(expect.arrayContaining(e.match!.terms));
      expect(e.match!.fields.length).toBeGreaterThan(0);
    }
    const vision = env.data.elements.find((e) => e.id === 'computer_vision');
    expect(vision!.match).toEqual({ terms: ['cctv', 'cameras'], fields: ['search_terms'] });
  });
  it('names the category and title fields, and reports a misspelled word as typed', async () => {
    const [first] = (await search('responsible', { limit: 1 })).data.elements;
    expect(first!.match!.terms).toEqual(['responsible']);
    expect(first!.match!.fields).toContain('category');
    const [bio] = (await search('facial recogntion', { limit: 1 })).data.elements;
    expect(bio!.match!.terms).toEqual(['facial', 'recogntion']);
    expect(bio!.match!.fields).toContain('title');
  });
  it('is added to every projection, and absent without a query', async () => {
    const shaped = await search('deepfake', { fields: ['shape'], limit: 2 });
    for (const e of shaped.data.elements) expect(Object.keys(e)).toEqual(['id', 'shape', 'match']);
    const all = await search('deepfake', { fields: ['all'], limit: 1 });
    expect(all.data.elements[0]!.match!.terms).toEqual(['deepfake']);
    const listed = await call('list_elements', { version: V, limit: 3 });
    for (const e of listed.env.data.elements) expect(e.match).toBeUndefined();
  });
});

describe('list_elements search edges', () => {
  it.each([
    ['the', 'en'],
    ['is it how', 'en'],
    ['de la', 'fr'],
    ['?!', 'en'],
  ])('stop words only ("%s", %s) match nothing', async (query, locale) => {
    const env = await search(query, { locale });
    expect(env.data).toMatchObject({ elements: [], total: 0, returned: 0 });
    expect(env.meta.next_cursor).toBeNull();
  });
  it('an unknown locale is invalid_arguments naming the locales', async () => {
    for (const [args, path] of [
      [{ locale: 'de' }, 'locale'],
      [{ locales: ['de'] }, 'locales[0]'],
    ] as const) {
      const { env } = await call('list_elements', { version: V, query: 'camera', ...args }, true);
      expect(env.errors[0]!).toMatchObject({ code: 'invalid_arguments', path });
      expect(env.errors[0]!.message).toContain('en, fr');
    }
  });
  it('pages through the hits of a query in rank order with cursors', async () => {
    const whole = await ids('data', { limit: 200 });
    expect(whole.length).toBeGreaterThan(10);
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const env = await search('data', { limit: 7, ...(cursor ? { cursor } : {}) });
      expect(env.data.total).toBe(whole.length);
      paged.push(...env.data.elements.map((e) => e.id));
      cursor = env.meta.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect(paged).toEqual(whole);
  });
  it('a cursor belongs to its query locale', async () => {
    const first = await search('données', { locale: 'fr', limit: 2 });
    const { env } = await call(
      'list_elements',
      { version: V, query: 'données', locale: 'en', limit: 2, cursor: first.meta.next_cursor },
      true,
    );
    expect(env.errors[0]!).toMatchObject({ code: 'bad_request', path: 'cursor' });
    const same = await search('données', { locales: ['fr'], limit: 2, cursor: first.meta.next_cursor });
    expect(same.data.elements[0]!.id).not.toBe(first.data.elements[0]!.id);
  });
  it('combines a query with a category', async () => {
    const env = await search('camera', { category_id: 'processing' });
    expect(env.data.elements.map((e) => e.id)).toEqual(['computer_vision']);
  });
});
