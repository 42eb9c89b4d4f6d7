import { finding, type Finding, type RuleInput } from './finding.js';
import { textFaults } from './localized-text.js';

type Text = ReadonlyArray<{ locale: string; value: string }>;

/**
 * The datachain's own localized texts (its title and description, each action's label): one entry
 * per locale, in a locale the version carries, none empty (`textFaults`). A text variable is held
 * to the same as errors (its value is the element's meaning); these are warnings, since a page can
 * still be made from them: a text in another locale is shown as a fallback marked with its `lang`, a second entry
 * for a locale is never shown, an empty one shows nothing. One finding per entry, at the entry.
 */
export function textRules({ datachain, pool, version }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const locales = pool.locales;
  const check = (text: Text, path: string, what: string) => {
    for (const { index, fault, first } of textFaults(text, locales)) {
      const at = `${path}[${index}]`;
      const locale = text[index]!.locale;
      out.push(
        fault === 'locale'
          ? finding(
              'localized_text_issue',
              `${at}.locale`,
              `${what} has '${locale}', which ${version} lacks: a page shows it only as a fallback.`,
              `Use one of ${locales.join(', ')}, or remove ${at}.`,
            )
          : fault === 'duplicate'
            ? finding(
                'localized_text_issue',
                `${at}.locale`,
                `${what} has '${locale}' twice; a page shows only ${path}[${first}].`,
                `Remove ${at}, or merge it into ${path}[${first}].`,
              )
            : finding(
                'localized_text_issue',
                `${at}.value`,
                `${what} is empty in '${locale}'.`,
                `Write the text in ${at}.value, or remove the entry.`,
              ),
      );
    }
  };
  check(datachain.title, 'title', 'The title');
  check(datachain.description, 'description', 'The description');
  datachain.elements.forEach((p, i) =>
    p.actions?.forEach((a, j) => check(a.label, `elements[${i}].actions[${j}].label`, `Action ${j} of elements[${i}]`)),
  );
  return out;
}

/** A text the author has not written yet: the `"..."` of a fix hint or an example, or an ellipsis alone. */
const isPlaceholder = (value: string): boolean => {
  const t = value.trim();
  return t === '...' || t === '…';
};

/**
 * Every text still holding the placeholder the fix hints and examples give (`"..."`): valid as it
 * is, so that a hint's JSON passes as written, but a page would show "..." to the public. One
 * warning per text, at its value: the datachain's title and description, action labels and the
 * placements' text variables.
 */
export function placeholderRules({ datachain }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const check = (text: ReadonlyArray<{ locale: string; value: string } | string>, path: string) =>
    text.forEach((t, k) => {
      if (typeof t === 'string' || !isPlaceholder(t.value)) return;
      out.push(
        finding(
          'text_placeholder',
          `${path}[${k}].value`,
          `${path}[${k}].value is still "${t.value.trim()}", a placeholder for the author's text.`,
          `Write the ${t.locale} text there, or remove ${path}[${k}].`,
        ),
      );
    });
  check(datachain.title, 'title');
  check(datachain.description, 'description');
  datachain.elements.forEach((p, i) => {
    p.actions?.forEach((a, j) => check(a.label, `elements[${i}].actions[${j}].label`));
    p.variables.forEach((v, j) => check(v.value, `elements[${i}].variables[${j}].value`));
  });
  return out;
}
