import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLocale } from '../../src/domain/locale-negotiation.js';

const DTPR = ['en', 'fr', 'es', 'pt', 'nl', 'de', 'vi', 'fil', 'zh-Hans', 'zh-Hant', 'km'];
const pick = (header: string, carried = DTPR) => negotiateLocale(acceptedLanguages(header), carried, 'en');

describe('Accept-Language', () => {
  it('orders ranges by q, ties as written, and drops q=0, * and malformed parts', () => {
    expect(acceptedLanguages('fr;q=0.5, de, *;q=0.1, es;q=0, x_y, nl;q=0.5')).toEqual(['de', 'fr', 'nl']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['pt-BR', 'pt'],
    ['de-AT, en', 'de'],
    ['tl-PH', 'fil'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['ja, ko;q=0.8, fr;q=0.5', 'fr'],
    ['km-KH', 'km'],
    ['ja', 'en'],
  ])('%s chooses %s among the locales of dtpr@2026-09-01-beta', (header, locale) => {
    expect(pick(header)).toBe(locale);
  });
  it('falls back to the source locale for a release without any of the languages', () => {
    expect(pick('es, de', ['en', 'fr'])).toBe('en');
    expect(negotiateLocale(['es'], ['fr', 'en'], 'fr')).toBe('fr');
  });
});
