import { examplePlacement, simplestElement, withPlaceholderNote } from './examples.js';
import { finding, type Finding, listIds, type RuleInput } from './finding.js';
import type { Pool } from './pool.js';

/** A placement of the category that passes its own rules as written, as JSON. */
function example(elementIds: readonly string[], pool: Pool): string {
  const element = simplestElement(elementIds, pool.elementById);
  return element
    ? withPlaceholderNote(JSON.stringify(examplePlacement(element, pool.locales)))
    : '{"element_id":"<id>"}';
}

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
        `Add an element with category_id='${category.id}' to elements, e.g. ${example(category.elementIds, pool)}, ` +
          `but with the element that says what this system is or does: one of ${listIds(category.elementIds, 8)} ` +
          `(list_elements with category_id="${category.id}" gives each one's meaning).`,
      ),
    );
  }
  return out;
}
