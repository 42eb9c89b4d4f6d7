import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../src/store/generated/bundles.js';

type Entry = { locale: string; value?: unknown; terms?: unknown };

const isLocalized = (x: unknown): x is Entry[] =>
  Array.isArray(x) &&
  x.length > 0 &&
  x.every((e) => typeof e === 'object' && e !== null && typeof (e as Entry).locale === 'string');

/** Every localized list of a bundle (texts and search terms) with its JSON path; the search index is not content. */
function* localizedLists(node: unknown, path: string): Generator<[string, Entry[]]> {
  if (isLocalized(node)) {
    yield [path, node];
    return;
  }
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* localizedLists(item, `${path}[${i}]`);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'search_index') yield* localizedLists(value, path ? `${path}.${key}` : key);
    }
  }
}

const blank = (e: Entry) =>
  e.terms !== undefined
    ? !Array.isArray(e.terms) || e.terms.length === 0 || e.terms.some((t) => String(t).trim() === '')
    : String(e.value ?? '').trim() === '';

/** What is missing from a bundle's texts: a list without a manifest locale, a locale twice, a blank entry. */
function missingTexts(bundle: { manifest: { locales: string[] } }): { lists: number; problems: string[] } {
  const locales = bundle.manifest.locales;
  const problems: string[] = [];
  let lists = 0;
  for (const [path, entries] of localizedLists(bundle, '')) {
    lists++;
    const got = entries.map((e) => e.locale);
    if (got.length !== locales.length || locales.some((l) => !got.includes(l))) {
      problems.push(`${path}: has ${got.join(', ')}`);
    }
    for (const e of entries) if (blank(e)) problems.push(`${path}: blank ${e.locale}`);
  }
  return { lists, problems };
}

describe('every text of every release in every locale it carries', () => {
  it.each(Object.keys(BUNDLES))(
    '%s: each localized text and search-term list has each manifest locale, once, not blank',
    (id) => {
      const bundle = JSON.parse(BUNDLES[id]!);
      const { lists, problems } = missingTexts(bundle);
      expect(lists).toBeGreaterThan(500);
      expect(problems.slice(0, 20)).toEqual([]);
      expect(Object.keys(bundle.search_index)).toEqual(bundle.manifest.locales);
    },
  );

  it('finds a text without one locale, and a blank one', () => {
    const bundle = JSON.parse(BUNDLES['dtpr@2026-09-01-beta']!);
    bundle.elements[0].title = bundle.elements[0].title.filter((t: Entry) => t.locale !== 'vi');
    bundle.categories[0].element_variables[0].label[2].value = ' ';
    expect(missingTexts(bundle).problems).toEqual([
      expect.stringMatching(/^categories\[0\]\.element_variables\[0\]\.label: blank es$/),
      expect.stringMatching(/^elements\[0\]\.title: has /),
    ]);
  });

  it('dtpr@2026-09-01-beta carries the eleven locales of the public API, ai releases English and French', () => {
    const locales = (id: string) => JSON.parse(BUNDLES[id]!).manifest.locales;
    expect(locales('dtpr@2026-09-01-beta')).toEqual([
      'en',
      'fr',
      'es',
      'pt',
      'nl',
      'de',
      'vi',
      'fil',
      'zh-Hans',
      'zh-Hant',
      'km',
    ]);
    for (const id of Object.keys(BUNDLES).filter((v) => v.startsWith('ai@'))) expect(locales(id)).toEqual(['en', 'fr']);
  });
});
