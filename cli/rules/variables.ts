import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';
import { variableSites } from './walk.js';

/** Variable ids are unique per list; multi-select options are unique, non-empty and apply to the category's elements. */
export function variableRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const elementsOf = new Map<string, Set<string>>();
  for (const [elementId, categoryId] of release.declaredElements) {
    // An element file too broken to name its category is not held against options that cite it.
    if (categoryId === undefined) continue;
    const set = elementsOf.get(categoryId) ?? new Set<string>();
    set.add(elementId);
    elementsOf.set(categoryId, set);
  }
  for (const { file, path, variables, categoryId } of variableSites(release)) {
    const seen = new Map<string, number>();
    variables.forEach((variable, v) => {
      const at = `${path}[${v}]`;
      const first = seen.get(variable.id);
      if (first === undefined) seen.set(variable.id, v);
      else
        out.push(
          finding('variable_duplicate', file, `${at}.id`, `Variable id "${variable.id}" repeats ${path}[${first}].`),
        );
      if (variable.kind !== 'multi_select_enum') return;
      if (variable.options.length === 0) {
        if (variable.required) {
          out.push(
            finding(
              'variable_required_empty_options',
              file,
              at,
              `Required multi-select variable "${variable.id}" has no options.`,
            ),
          );
        } else {
          out.push(
            finding(
              'variable_options_empty',
              file,
              `${at}.options`,
              `Multi-select variable "${variable.id}" has no options.`,
            ),
          );
        }
      }
      const optionSeen = new Map<string, number>();
      const members = elementsOf.get(categoryId) ?? new Set<string>();
      variable.options.forEach((option, o) => {
        const optAt = `${at}.options[${o}]`;
        const firstOpt = optionSeen.get(option.id);
        if (firstOpt === undefined) optionSeen.set(option.id, o);
        else
          out.push(
            finding(
              'variable_option_duplicate',
              file,
              `${optAt}.id`,
              `Option id "${option.id}" repeats ${at}.options[${firstOpt}].`,
            ),
          );
        option.applies_to.forEach((target, a) => {
          const unknownCategory =
            release.declaredElements.has(target) && release.declaredElements.get(target) === undefined;
          if (!members.has(target) && !unknownCategory) {
            out.push(
              finding(
                'variable_option_applies_to_unknown',
                file,
                `${optAt}.applies_to[${a}]`,
                `"${target}" is not an element of category "${categoryId}".`,
              ),
            );
          }
        });
      });
    });
  }
  return out;
}
