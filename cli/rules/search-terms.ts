import { LOCALE_CODES, type LocaleCode, type LocaleValues } from '../../src/domain/locale.js';
import type { SearchTerms } from '../../src/domain/content.js';
import { fold, plainForm } from '../../src/services/search/text.js';
import { releaseLocales, type Release } from '../release.js';
import { finding, type Finding } from './finding.js';

const isLocaleCode = (code: string): code is LocaleCode => (LOCALE_CODES as readonly string[]).includes(code);

/**
 * How terms of a locale are compared: case and spacing do not make two terms different, nor do
 * accents where search folds them (a Vietnamese term without its tone marks is another term).
 */
function termKey(text: string, locale: string): string {
  const plain = isLocaleCode(locale) ? plainForm(locale)(text) : fold(text).toLowerCase();
  return plain.replace(/\s+/g, ' ').trim();
}

function checkTerms(
  file: string,
  terms: SearchTerms,
  title: LocaleValues,
  locales: readonly string[],
  out: Finding[],
): void {
  if (terms.length === 0) return;
  const seenLocales = new Set<string>();
  terms.forEach((entry, i) => {
    const at = `search_terms[${i}]`;
    if (seenLocales.has(entry.locale)) {
      out.push(
        finding(
          'locale_duplicate',
          file,
          `${at}.locale`,
          `search_terms has a second "${entry.locale}" entry.`,
          'Merge the two lists into one entry per locale.',
        ),
      );
    }
    seenLocales.add(entry.locale);
    if (!locales.includes(entry.locale)) {
      out.push(
        finding(
          'locale_not_allowed',
          file,
          `${at}.locale`,
          `Locale "${entry.locale}" is not one of the release locales (${locales.join(', ')}).`,
        ),
      );
    }
    const titleKey = termKey(title.find((t) => t.locale === entry.locale)?.value ?? '', entry.locale);
    const seen = new Map<string, number>();
    entry.terms.forEach((term, k) => {
      const key = termKey(term, entry.locale);
      const first = seen.get(key);
      if (first !== undefined) {
        out.push(
          finding(
            'search_term_duplicate',
            file,
            `${at}.terms[${k}]`,
            `"${term}" repeats ${at}.terms[${first}] ("${entry.terms[first]}").`,
          ),
        );
        return;
      }
      seen.set(key, k);
      if (key !== '' && key === titleKey) {
        out.push(
          finding(
            'search_term_equals_title',
            file,
            `${at}.terms[${k}]`,
            `"${term}" is the ${entry.locale} title itself, which search already matches.`,
          ),
        );
      }
    });
  });
  const missing = locales.filter((l) => !seenLocales.has(l));
  if (missing.length) {
    out.push(
      finding(
        'search_terms_locale_missing',
        file,
        'search_terms',
        `search_terms has terms for ${[...seenLocales].join(', ')} but none for ${missing.join(', ')}.`,
        `Add { locale: ${missing[0]}, terms: [...] } so a search in every locale finds this item.`,
      ),
    );
  }
}

/** Search terms: one list per release locale once any is given, no repeats, no copy of the title. */
export function searchTermRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const locales = releaseLocales(release);
  for (const { file, value } of release.categories) checkTerms(file, value.search_terms, value.name, locales, out);
  for (const { file, value } of release.elements) checkTerms(file, value.search_terms, value.title, locales, out);
  return out;
}
