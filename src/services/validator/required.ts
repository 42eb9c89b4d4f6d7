import { finding, listIds, type Finding } from './finding.js';
import type { RuleInput } from './finding.js';

/** Every required category needs at least one placed element (unknown elements do not count). */
export function requiredRules({ datachain, pool }: RuleInput): Finding[] {
  const placed = new Set<string>();
  for (const p of datachain.elements) {
    const element = pool.elementById.get(p.element_id);
    if (element) placed.add(element.categoryId);
  }
  const out: Finding[] = [];
  for (const category of pool.categories) {
    if (!category.required || placed.has(category.id)) continue;
    out.push(
      finding(
        'element_required',
        'elements',
        `Category '${category.id}' requires at least one element.`,
        `Add an element with category_id='${category.id}' to elements, e.g. {"element_id":"${category.elementIds[0] ?? '<id>'}"}; ` +
          `its elements: ${listIds(category.elementIds, 8)} (list_elements with category_id="${category.id}" lists them all).`,
      ),
    );
  }
  return out;
}
