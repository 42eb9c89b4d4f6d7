import { emailAddress, isHttpUrl, phoneNumber } from '../../core/addresses.js';
import type { Variable } from '../../domain/content.js';
import type { InstanceVariable } from '../../domain/datachain.js';
import { exampleVariable, placeholderNote } from './examples.js';
import { finding, type Finding, listIds, type RuleInput } from './finding.js';
import type { PoolElement } from './pool.js';

const addVariableHint = (json: string, i: number): string =>
  `Add ${json} to elements[${i}].variables${placeholderNote(json)}.`;

function unknownHint(element: PoolElement, at: string): string {
  return element.variableIds.length
    ? `Element '${element.id}' takes: ${listIds(element.variableIds)}. Use one of them, or remove ${at}.`
    : `Element '${element.id}' takes no variables; remove ${at}.`;
}

function checkPlacement(
  i: number,
  element: PoolElement,
  variables: readonly InstanceVariable[],
  locales: readonly string[],
  out: Finding[],
): void {
  const seen = new Map<string, number>();
  variables.forEach((v, j) => {
    const at = `elements[${i}].variables[${j}]`;
    const first = seen.get(v.id);
    if (first !== undefined) {
      out.push(
        finding(
          'variable_duplicate',
          `${at}.id`,
          `Variable '${v.id}' is set twice on elements[${i}] (also at variables[${first}]).`,
          `Keep one entry for '${v.id}': merge ${at} into elements[${i}].variables[${first}].`,
        ),
      );
      return;
    }
    seen.set(v.id, j);
    const declared = element.variables.get(v.id);
    if (!declared) {
      out.push(
        finding(
          'variable_unknown',
          `${at}.id`,
          `Element '${element.id}' has no variable '${v.id}'.`,
          unknownHint(element, at),
        ),
      );
      return;
    }
    checkValue(declared, v.value, `${at}.value`, element.id, locales, out);
  });
  for (const required of element.requiredVariables) {
    if (seen.has(required.id)) continue;
    out.push(
      finding(
        'required_variable_missing',
        `elements[${i}].variables`,
        `Element '${element.id}' at elements[${i}] requires variable '${required.id}'.`,
        addVariableHint(JSON.stringify(exampleVariable(required, element.id, locales)), i),
      ),
    );
  }
}

/** Variables of each placement against the element's own and inherited variables. */
export function variableRules({ datachain, pool }: RuleInput): Finding[] {
  const out: Finding[] = [];
  datachain.elements.forEach((p, i) => {
    const element = pool.elementById.get(p.element_id);
    if (element && !element.orphan) checkPlacement(i, element, p.variables, pool.locales, out);
  });
  return out;
}

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
function checkValue(
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

const EXPECT: Record<string, { test: (target: string) => boolean; want: string }> = {
  url: { test: isHttpUrl, want: 'an http(s) URL, e.g. "https://example.org/ai-notice"' },
  form: { test: isHttpUrl, want: 'an http(s) URL of the form, e.g. "https://example.org/contact"' },
  email: { test: (t) => emailAddress(t) !== undefined, want: 'an email address, e.g. "privacy@example.org"' },
  phone: {
    test: (t) => phoneNumber(t) !== undefined,
    want: 'a phone number of digits, spaces and + ( ) . -, e.g. "+1 555 0100"',
  },
  postal: { test: (t) => t.trim() !== '', want: 'a postal address' },
};

/** Action targets fit their type, so a renderer can make them links without guessing. */
export function actionRules({ datachain, deadline }: RuleInput): Finding[] {
  const out: Finding[] = [];
  datachain.elements.forEach((p, i) => {
    deadline.check();
    p.actions.forEach((a, k) => {
      const rule = EXPECT[a.type]!;
      if (rule.test(a.target)) return;
      out.push(
        finding(
          'action_target_invalid',
          `elements[${i}].actions[${k}].target`,
          `Target '${a.target.slice(0, 80)}' is not valid for an action of type '${a.type}'.`,
          `Use ${rule.want}, or change the action type.`,
        ),
      );
    });
  });
  return out;
}
