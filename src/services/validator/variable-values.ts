import type { Variable } from '../../domain/content.js';
import type { InstanceVariable } from '../../domain/datachain.js';
import { finding, listIds, type Finding } from './finding.js';

type MultiSelect = Extract<Variable, { kind: 'multi_select_enum' }>;
type Option = MultiSelect['options'][number];

const optionMaps = new WeakMap<MultiSelect, ReadonlyMap<string, Option>>();
function optionsOf(variable: MultiSelect): ReadonlyMap<string, Option> {
  let map = optionMaps.get(variable);
  if (!map) optionMaps.set(variable, (map = new Map(variable.options.map((o) => [o.id, o]))));
  return map;
}

function applicable(variable: MultiSelect, elementId: string): string {
  return listIds(variable.options.filter((o) => o.applies_to.includes(elementId)).map((o) => o.id));
}

/** What to do with a bad option: pick one that applies, or, when none does, drop the variable. */
function optionHint(variable: MultiSelect, elementId: string, valuePath: string): string {
  const ids = variable.options.filter((o) => o.applies_to.includes(elementId));
  if (ids.length === 0) {
    const cut = valuePath.lastIndexOf('.value');
    const at = cut === -1 ? valuePath : valuePath.slice(0, cut);
    return `Variable '${variable.id}' offers no option for '${elementId}' in this version; remove ${at}.`;
  }
  return `Use one of the options that apply to '${elementId}': ${applicable(variable, elementId)}.`;
}

function checkOptions(
  variable: MultiSelect,
  value: readonly string[],
  path: string,
  elementId: string,
  out: Finding[],
): void {
  const options = optionsOf(variable);
  const seen = new Set<string>();
  value.forEach((id, s) => {
    const at = `${path}[${s}]`;
    if (seen.has(id)) {
      out.push(
        finding(
          'variable_value_duplicate',
          at,
          `Option '${id}' is selected twice in variable '${variable.id}'.`,
          `Remove ${at}.`,
        ),
      );
      return;
    }
    seen.add(id);
    const option = options.get(id);
    if (!option) {
      out.push(
        finding(
          'variable_option_unknown',
          at,
          `Variable '${variable.id}' has no option '${id}'.`,
          optionHint(variable, elementId, at),
        ),
      );
    } else if (!option.applies_to.includes(elementId)) {
      out.push(
        finding(
          'variable_option_not_applicable',
          at,
          `Option '${id}' of variable '${variable.id}' does not apply to element '${elementId}'.`,
          optionHint(variable, elementId, at),
        ),
      );
    }
  });
}

function checkTexts(
  variable: Variable,
  value: ReadonlyArray<{ locale: string; value: string }>,
  path: string,
  locales: readonly string[],
  out: Finding[],
): void {
  const seen = new Set<string>();
  value.forEach((item, s) => {
    const at = `${path}[${s}]`;
    if (!locales.includes(item.locale)) {
      out.push(
        finding(
          'variable_value_shape',
          `${at}.locale`,
          `Locale '${item.locale}' of variable '${variable.id}' is not a locale of this version.`,
          `Use one of the locales: ${locales.join(', ')}.`,
        ),
      );
    } else if (seen.has(item.locale)) {
      out.push(
        finding(
          'variable_value_duplicate',
          `${at}.locale`,
          `Locale '${item.locale}' appears twice in variable '${variable.id}'.`,
          `Keep one entry per locale: remove ${at}.`,
        ),
      );
    } else if (item.value.trim() === '') {
      out.push(
        finding(
          'variable_value_empty',
          `${at}.value`,
          `The '${item.locale}' text of variable '${variable.id}' is empty.`,
          `Write the text in ${at}.value, or remove the entry.`,
        ),
      );
    }
    seen.add(item.locale);
  });
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
