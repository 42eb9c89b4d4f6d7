import type { LocaleValues } from '../../src/domain/locale.js';
import { SLUG_PATTERN } from '../../src/core/strings.js';
import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholder names in a text, in order of first use (`{{ id }}` -> `id`). */
function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => (m[1] ?? '').trim()))];
}

function checkField(
  file: string,
  field: string,
  values: LocaleValues,
  known: ReadonlySet<string>,
  out: Finding[],
): void {
  const byLocale = values.map((entry) => ({ locale: entry.locale, names: placeholdersIn(entry.value) }));
  for (const { locale, names } of byLocale) {
    for (const name of names) {
      if (SLUG_PATTERN.test(name) && known.has(name)) continue;
      const listed = known.size > 0 ? `Known variables: ${[...known].join(', ')}.` : 'This element has no variables.';
      out.push(
        finding(
          'variable_ref_missing',
          file,
          `${field}[${locale}]`,
          `Placeholder {{${name}}} names no variable of the element or its category. ${listed}`,
        ),
      );
    }
  }
  const reference = byLocale.find((b) => b.locale === 'en') ?? byLocale[0];
  if (!reference) return;
  const expected = [...reference.names].sort().join(',');
  for (const { locale, names } of byLocale) {
    if (locale === reference.locale || [...names].sort().join(',') === expected) continue;
    const missing = reference.names.filter((n) => !names.includes(n));
    const extra = names.filter((n) => !reference.names.includes(n));
    const parts = [
      missing.length > 0 ? `lacks ${missing.map((n) => `{{${n}}}`).join(', ')}` : '',
      extra.length > 0 ? `adds ${extra.map((n) => `{{${n}}}`).join(', ')}` : '',
    ].filter(Boolean);
    out.push(
      finding(
        'locale_variable_drift',
        file,
        `${field}[${locale}]`,
        `The ${locale} text ${parts.join(' and ')} compared with ${reference.locale}.`,
      ),
    );
  }
}

/** `{{variable}}` placeholders in element titles and descriptions name real variables, in every locale alike. */
export function placeholderRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const categories = new Map(release.categories.map((c) => [c.value.id, c.value]));
  for (const { file, value } of release.elements) {
    const category = categories.get(value.category_id);
    // An element whose category is missing or broken is reported elsewhere; its variables are unknown.
    if (!category) continue;
    const known = new Set([...value.variables, ...category.element_variables].map((v) => v.id));
    checkField(file, 'title', value.title, known, out);
    checkField(file, 'description', value.description, known, out);
  }
  return out;
}
