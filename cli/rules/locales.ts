import { releaseLocales, type Release } from '../release.js';
import { finding, type Finding } from './finding.js';
import { localizedSites } from './walk.js';

/**
 * Every localized text uses only the release locales, once each; required texts have an entry
 * for every release locale.
 */
export function localeRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const locales = releaseLocales(release);
  const listed = locales.join(', ');
  for (const { file, path, values, required } of localizedSites(release)) {
    const seen = new Set<string>();
    values.forEach((entry, i) => {
      if (seen.has(entry.locale)) {
        out.push(
          finding('locale_duplicate', file, `${path}[${i}].locale`, `${path} has a second "${entry.locale}" entry.`),
        );
      }
      seen.add(entry.locale);
      if (!locales.includes(entry.locale)) {
        out.push(
          finding(
            'locale_not_allowed',
            file,
            `${path}[${i}].locale`,
            `Locale "${entry.locale}" is not one of the release locales (${listed}).`,
          ),
        );
      }
    });
    if (!required) continue;
    if (values.length === 0) {
      out.push(
        finding('locale_field_empty', file, path, `${path} has no text; it needs one entry per locale (${listed}).`),
      );
      continue;
    }
    for (const locale of locales) {
      const entry = values.find((v) => v.locale === locale);
      if (!entry) {
        out.push(
          finding(
            'locale_missing',
            file,
            `${path}[${locale}]`,
            `${path} has no "${locale}" text.`,
            `Add { locale: ${locale}, value: ... } to ${path}.`,
          ),
        );
      } else if (entry.value.trim() === '') {
        out.push(finding('locale_value_blank', file, `${path}[${locale}]`, `${path} has a blank "${locale}" text.`));
      }
    }
  }
  return out;
}
