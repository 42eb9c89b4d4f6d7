import { nearestIds } from '../../core/suggest.js';
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
        `Add an element with category_id='${category.id}' to elements, e.g. ${example(category.elementIds, pool)}; ` +
          `its elements: ${listIds(category.elementIds, 8)} ` +
          `(list_elements with category_id="${category.id}" lists them all).`,
      ),
    );
  }
  return out;
}

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

/** "Did you mean" is worked out for this many distinct unknown ids per datachain; the rest get the plain hint. */
const SUGGESTED_IDS = 20;

/** Each placement names a known element and, when the element has a context, one of its values. */
export function placementRules({ datachain, pool, deadline }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const suggestions = new Map<string, string[]>();
  const nearTo = (id: string): string[] => {
    let near = suggestions.get(id);
    if (!near) {
      near = suggestions.size < SUGGESTED_IDS ? nearestIds(id, pool.elementIds) : [];
      suggestions.set(id, near);
    }
    return near;
  };
  datachain.elements.forEach((p, i) => {
    deadline.check();
    const element = pool.elementById.get(p.element_id);
    if (!element) {
      const near = nearTo(p.element_id);
      out.push(
        finding(
          'unknown_element',
          `elements[${i}].element_id`,
          pool.source === 'release'
            ? `Element '${p.element_id}' does not exist in ${pool.version}.`
            : `Element '${p.element_id}' is neither in schema_snapshot.elements nor in suggested_elements.`,
          (near.length ? `Did you mean ${near.map((id) => `'${id}'`).join(', ')}? ` : '') +
            (pool.source === 'release'
              ? 'Use an element id from list_elements (query or category_id narrow the list).'
              : 'Re-resolve the thin datachain with resolve_datachain, or propose the element in suggested_elements.'),
        ),
      );
      return;
    }
    if (element.orphan) return;
    const path = `elements[${i}].context_type_id`;
    const values = () => listIds([...element.contextValueIds]);
    if (p.context_type_id !== undefined && !element.contextValueIds.has(p.context_type_id)) {
      out.push(
        finding(
          'context_type_unknown',
          path,
          element.context
            ? `context_type_id '${p.context_type_id}' is not a value of context '${element.context.id}' of element '${element.id}'.`
            : `Element '${element.id}' has no context, so context_type_id '${p.context_type_id}' does not apply.`,
          element.context ? `Use one of: ${values()}.` : `Remove context_type_id from elements[${i}].`,
        ),
      );
    } else if (p.context_type_id === undefined && element.context) {
      out.push(
        finding(
          'context_type_missing',
          path,
          `Element '${element.id}' has context '${element.context.id}' but elements[${i}] sets no context_type_id.`,
          `Set context_type_id to one of: ${values()}.`,
        ),
      );
    }
  });
  return out;
}

/** Subchain instances name known subchains, are unique, and are what placements and head_refs point at. */
export function subchainRules({ datachain, pool, index }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const subchains = new Map(pool.datachainType.subchains.map((s) => [s.id, s]));
  const subchainIds = () => listIds([...subchains.keys()]);
  /** A subchain instance for a placement: the first subchain that covers its element's category. */
  const newInstance = (ref: string, elementId: string): string => {
    const category = pool.elementById.get(elementId)?.categoryId;
    const all = [...subchains.values()];
    const subchain = all.find((s) => category !== undefined && s.categories.includes(category)) ?? all[0];
    return JSON.stringify({ id: ref, subchain_id: subchain?.id });
  };
  const instances = new Map<string, number>();
  datachain.subchain_instances.forEach((s, k) => {
    const first = instances.get(s.id);
    if (first !== undefined) {
      out.push(
        finding(
          'subchain_instance_duplicate',
          `subchain_instances[${k}].id`,
          `Subchain instance id '${s.id}' is already used by subchain_instances[${first}].`,
          `Give subchain_instances[${k}] another id, e.g. "${s.id}_${k}".`,
        ),
      );
    } else instances.set(s.id, k);
    if (!subchains.has(s.subchain_id)) {
      out.push(
        finding(
          'subchain_unknown',
          `subchain_instances[${k}].subchain_id`,
          `The datachain type '${pool.datachainType.id}' has no subchain '${s.subchain_id}'.`,
          subchains.size
            ? `Use one of: ${subchainIds()}.`
            : `This datachain type has no subchains; remove subchain_instances[${k}].`,
        ),
      );
    }
  });
  datachain.elements.forEach((p, i) => {
    const ref = p.subchain_instance_id;
    if (ref === undefined) return;
    const k = instances.get(ref);
    if (k === undefined) {
      out.push(
        finding(
          'subchain_instance_missing',
          `elements[${i}].subchain_instance_id`,
          `No subchain instance has id '${ref}'.`,
          subchains.size === 0
            ? `This datachain type has no subchains; remove subchain_instance_id from elements[${i}].`
            : instances.size
              ? `Use one of: ${listIds([...instances.keys()])}, or add ${newInstance(ref, p.element_id)} to subchain_instances.`
              : `Add ${newInstance(ref, p.element_id)} to subchain_instances, or remove the key.`,
        ),
      );
      return;
    }
    const subchain = subchains.get(datachain.subchain_instances[k]!.subchain_id);
    const element = pool.elementById.get(p.element_id);
    if (subchain && element && !subchain.categories.includes(element.categoryId)) {
      out.push(
        finding(
          'subchain_category_mismatch',
          `elements[${i}].subchain_instance_id`,
          `Element '${element.id}' (category '${element.categoryId}') cannot sit in subchain '${subchain.id}', which covers ${listIds(subchain.categories)}.`,
          `Remove subchain_instance_id from elements[${i}], or place it in a subchain instance whose subchain covers '${element.categoryId}'.`,
        ),
      );
    }
  });
  const targets = (ref: string): readonly number[] => {
    const at = index.byInstanceId.get(ref);
    return at !== undefined ? [at] : (index.byElementId.get(ref) ?? []);
  };
  datachain.subchain_instances.forEach((s, k) => {
    s.head_refs.forEach((ref, h) => {
      const hits = targets(ref);
      if (hits.some((i) => (datachain.elements[i]!.subchain_instance_id ?? s.id) === s.id)) return;
      const members = datachain.elements.flatMap((p) =>
        p.subchain_instance_id === s.id ? [p.element_instance_id ?? p.element_id] : [],
      );
      out.push(
        finding(
          'subchain_head_ref_unplaced',
          `subchain_instances[${k}].head_refs[${h}]`,
          hits.length
            ? `head_ref '${ref}' names a placement of another subchain instance.`
            : `head_ref '${ref}' names no placement of this datachain.`,
          members.length
            ? `Use one of the placements of '${s.id}': ${listIds(members)}.`
            : `Place an element with subchain_instance_id "${s.id}" and name it here, or remove the head_ref.`,
        ),
      );
    });
  });
  return out;
}
