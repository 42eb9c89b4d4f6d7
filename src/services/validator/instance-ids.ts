import { canonicalJson } from '../../core/canonical-json.js';
import { finding, type Finding, type RuleInput } from './finding.js';

/** `element_instance_id`s are unique and never equal a placed `element_id`. */
export function instanceIdRules({ datachain, index }: RuleInput): Finding[] {
  const out: Finding[] = [];
  datachain.elements.forEach((p, i) => {
    const id = p.element_instance_id;
    if (id === undefined) return;
    const path = `elements[${i}].element_instance_id`;
    const first = index.byInstanceId.get(id)!;
    if (first !== i) {
      out.push(
        finding(
          'element_instance_id_duplicate',
          path,
          `element_instance_id '${id}' is already used by elements[${first}].`,
          `Give elements[${i}] another element_instance_id, e.g. "${id}_${i}".`,
        ),
      );
    } else if (index.byElementId.has(id)) {
      out.push(
        finding(
          'element_instance_id_collides_with_element_id',
          path,
          `element_instance_id '${id}' equals an element_id placed in this datachain.`,
          `Pick an element_instance_id that is not a placed element id, e.g. "${id}_${i}".`,
        ),
      );
    }
  });
  return out;
}

/**
 * A placement that repeats an earlier one exactly (the same element, context, variables, actions
 * and sources, and no element_instance_id of its own): valid, but a page shows its card twice. Only
 * placements of an element placed more than once are compared, so most datachains cost nothing here.
 */
export function repeatedPlacementRules({ datachain, index }: RuleInput): Finding[] {
  const out: Finding[] = [];
  for (const placements of index.byElementId.values()) {
    if (placements.length < 2) continue;
    const seen = new Map<string, number>();
    for (const i of placements) {
      const p = datachain.elements[i]!;
      if (p.element_instance_id !== undefined) continue;
      const form = canonicalJson(p);
      const first = seen.get(form);
      if (first === undefined) seen.set(form, i);
      else
        out.push(
          finding(
            'placement_repeated',
            `elements[${i}]`,
            `elements[${i}] repeats elements[${first}] exactly; a page would show the '${p.element_id}' card twice.`,
            `Remove elements[${i}], or set it apart: its own variables or context, and an element_instance_id.`,
          ),
        );
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}
