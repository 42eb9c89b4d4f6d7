import { finding, type Finding, listIds, type RuleInput } from './finding.js';

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
