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
