import type { Variable } from '../../domain/content.js';
import { finding, type Finding, listIds } from './finding.js';

/** A multi-select variable's value: option ids, each selected once, known, and applying to the placed element. */
export type MultiSelect = Extract<Variable, { kind: 'multi_select_enum' }>;
type Option = MultiSelect['options'][number];

const optionMaps = new WeakMap<MultiSelect, ReadonlyMap<string, Option>>();
function optionsOf(variable: MultiSelect): ReadonlyMap<string, Option> {
  let map = optionMaps.get(variable);
  if (!map) optionMaps.set(variable, (map = new Map(variable.options.map((o) => [o.id, o]))));
  return map;
}

/** The ids of the options that apply to an element, as a list for a hint. */
export function applicable(variable: MultiSelect, elementId: string): string {
  return listIds(variable.options.filter((o) => o.applies_to.includes(elementId)).map((o) => o.id));
}

/** What to do with a bad option: pick one that applies, or, when none does, drop the variable. */
export function optionHint(variable: MultiSelect, elementId: string, valuePath: string): string {
  const ids = variable.options.filter((o) => o.applies_to.includes(elementId));
  if (ids.length === 0) {
    const cut = valuePath.lastIndexOf('.value');
    const at = cut === -1 ? valuePath : valuePath.slice(0, cut);
    return `Variable '${variable.id}' offers no option for '${elementId}' in this version; remove ${at}.`;
  }
  return `Use one of the options that apply to '${elementId}': ${applicable(variable, elementId)}.`;
}

/** Each selected option once, known to the variable, and applying to the element. */
export function checkOptions(
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
