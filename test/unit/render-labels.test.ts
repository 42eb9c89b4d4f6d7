import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../src/domain/locale.js';
import { viewWordsOf } from '../../src/services/render/shared/view-words.js';

import { labelsFor } from '../../src/services/render/shared/labels.js';
import { LOCALE_LABELS } from '../../src/services/render/shared/labels/index.js';
import { signLabelsFor } from '../../src/services/render/sign/labels.js';

/** The view's sentences by locale, English's first, from the tables. */
const VIEW_WORDS = viewWordsOf(LOCALE_LABELS);

const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(' ');

describe('fixed wording per locale', () => {
  const en = {
    page: labelsFor('en'),
    page_neutral: labelsFor('en', 'dtpr'),
    sign: signLabelsFor('en'),
    sign_neutral: signLabelsFor('en', 'dtpr'),
    view: VIEW_WORDS.en!,
  };

  it('has a table for every locale the project knows but English, and for no other', () => {
    expect(Object.keys(LOCALE_LABELS).sort()).toEqual(LOCALE_CODES.filter((l) => l !== 'en').sort());
  });

  const SEPARATORS = new Set(['comma']);
  for (const [locale, table] of Object.entries(LOCALE_LABELS)) {
    it(`${locale}: every English key, each non-empty, with the same placeholders, and no other key`, () => {
      for (const group of ['page', 'sign', 'view'] as const) {
        const english = en[group] as Record<string, string>;
        const own = table[group] as Record<string, string>;
        expect(Object.keys(own).sort(), `${locale} ${group}`).toEqual(Object.keys(english).sort());
        for (const [key, value] of Object.entries(own)) {
          // A separator may be a space alone (Khmer parts phrases with one).
          expect(SEPARATORS.has(key) ? value : value.trim(), `${locale} ${group}.${key}`).not.toBe('');
          expect(placeholders(value), `${locale} ${group}.${key}`).toBe(placeholders(english[key]!));
        }
      }
      expect(Object.keys(table.page_neutral).sort()).toEqual(['kicker', 'untitled']);
      expect(Object.keys(table.sign_neutral)).toEqual(['kicker']);
    });

    it(`${locale}: the page, the sign and the view answer in it`, () => {
      expect(labelsFor(locale)).toBe(table.page);
      expect(labelsFor(locale, 'dtpr').kicker).toBe(table.page_neutral.kicker);
      expect(signLabelsFor(locale)).toBe(table.sign);
      expect(signLabelsFor(locale, 'dtpr').kicker).toBe(table.sign_neutral.kicker);
      expect(VIEW_WORDS[locale]).toBe(table.view);
    });
  }

  it('falls back to English for a locale it has no table for', () => {
    expect(labelsFor('xx')).toBe(labelsFor('en'));
    expect(signLabelsFor('xx', 'dtpr').kicker).toBe('Technology in use here');
  });

  it('keeps French typography: a narrow no-break space before the colon', () => {
    expect(labelsFor('fr').colon).toBe('\u202f:');
    expect(signLabelsFor('fr').rights).toBe('Vos droits\u202f:');
  });
});
