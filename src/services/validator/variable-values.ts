import type { Variable } from '../../domain/content.js';
import type { InstanceVariable } from '../../domain/datachain.js';
import { finding, type Finding } from './finding.js';
import { textFaults } from './localized-text.js';
import { applicable, checkOptions, optionHint } from './variable-options.js';

/** A text variable's value: one text per locale of the version, none empty (`textFaults`). */
function checkTexts(
  variable: Variable,
  value: ReadonlyArray<{ locale: string; value: string }>,
  path: string,
  locales: readonly string[],
  out: Finding[],
): void {
  for (const { index, fault } of textFaults(value, locales)) {
    const at = `${path}[${index}]`;
    const locale = value[index]!.locale;
    out.push(
      fault === 'locale'
        ? finding(
            'variable_value_shape',
            `${at}.locale`,
            `Locale '${locale}' of variable '${variable.id}' is not a locale of this version.`,
            `Use one of the locales: ${locales.join(', ')}.`,
          )
        : fault === 'duplicate'
          ? finding(
              'variable_value_duplicate',
              `${at}.locale`,
              `Locale '${locale}' appears twice in variable '${variable.id}'.`,
              `Keep one entry per locale: remove ${at}.`,
            )
          : finding(
              'variable_value_empty',
              `${at}.value`,
              `The '${locale}' text of variable '${variable.id}' is empty.`,
              `Write the text in ${at}.value, or remove the entry.`,
            ),
    );
  }
}

/** Checks one variable value against its declaration; findings are pushed to `out`. */
export function checkValue(
  declared: Variable,
  value: InstanceVariable['value'],
  path: string,
  elementId: string,
  locales: readonly string[],
  out: Finding[],
): void {
  const multi = declared.kind === 'multi_select_enum';
  if (value.length === 0) {
    out.push(
      finding(
        'variable_value_empty',
        path,
        `Variable '${declared.id}' has an empty value.`,
        multi
          ? declared.options.some((o) => o.applies_to.includes(elementId))
            ? `Select at least one option: ${applicable(declared, elementId)}.`
            : optionHint(declared, elementId, path)
          : 'Give at least one text, e.g. [{"locale":"en","value":"..."}].',
      ),
    );
    return;
  }
  const strings = value.every((item) => typeof item === 'string');
  const texts = value.every((item) => typeof item !== 'string');
  if (multi && !strings) {
    out.push(
      finding(
        'variable_value_shape',
        path,
        `Variable '${declared.id}' is multi-select: its value must be a list of option ids.`,
        `Write option ids, e.g. ["${declared.options.find((o) => o.applies_to.includes(elementId))?.id ?? '<option id>'}"]; options for '${elementId}': ${applicable(declared, elementId)}.`,
      ),
    );
    return;
  }
  if (!multi && !texts) {
    out.push(
      finding(
        'variable_value_shape',
        path,
        `Variable '${declared.id}' is text: its value must be a list of {"locale","value"} objects.`,
        `Write [{"locale":"en","value":"..."}] with one entry per locale (${locales.join(', ')}).`,
      ),
    );
    return;
  }
  if (multi) checkOptions(declared, value as string[], path, elementId, out);
  else checkTexts(declared, value as Array<{ locale: string; value: string }>, path, locales, out);
}
