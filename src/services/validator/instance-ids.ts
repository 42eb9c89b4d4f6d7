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
 * Placements that repeat an earlier one exactly (the same element, context, variables, actions and
 * sources, and no element_instance_id of their own): valid, but a page shows the card once per copy.
 * One finding per placement copied, at its first copy, naming every copy, so a datachain of copies
 * cannot crowd other warnings out. Only placements of an element placed more than once are
 * compared, walked in the datachain's order, so the findings come out in it and most datachains
 * cost nothing here.
 */
export function repeatedPlacementRules({ datachain, index, deadline }: RuleInput): Finding[] {
  const copies = new Map<string, number[]>();
  datachain.elements.forEach((p, i) => {
    if (p.element_instance_id !== undefined || index.byElementId.get(p.element_id)!.length < 2) return;
    deadline.check();
    const key = `${p.element_id}\n${canonicalJson(p)}`;
    const seen = copies.get(key);
    if (seen) seen.push(i);
    else copies.set(key, [i]);
  });
  const out: Finding[] = [];
  for (const [first, ...more] of copies.values()) {
    if (more.length === 0) continue;
    const named =
      more.length === 1 ? `elements[${more[0]}] repeats` : `${more.map((i) => `elements[${i}]`).join(', ')} repeat`;
    const id = datachain.elements[first!]!.element_id;
    out.push(
      finding(
        'placement_repeated',
        `elements[${more[0]}]`,
        `${named} elements[${first}] exactly; a page would show the '${id}' card ${more.length + 1} times.`,
        `Remove the copies, or set each apart: its own variables or context, and an element_instance_id.`,
      ),
    );
  }
  return out.sort((a, b) => pathIndex(a.path) - pathIndex(b.path));
}

/** The placement index of an `elements[i]` path. */
const pathIndex = (path: string): number => Number(path.slice('elements['.length, -1));
