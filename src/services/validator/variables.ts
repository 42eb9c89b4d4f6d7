import type { InstanceVariable } from '../../domain/datachain.js';
import { exampleVariable, placeholderNote } from './examples.js';
import { finding, type Finding, listIds, type RuleInput } from './finding.js';
import type { PoolElement } from './pool.js';
import { checkValue } from './variable-values.js';

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
