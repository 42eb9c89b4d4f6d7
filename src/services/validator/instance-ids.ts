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
