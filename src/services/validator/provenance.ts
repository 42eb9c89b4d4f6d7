import { keyPath } from '../../core/paths.js';
import { finding, listIds, type Finding } from './finding.js';
import { placementOf, type RuleInput } from './input.js';

/** Keys a provenance entry may use: instance ids, and element ids placed once without one. */
function validKeys({ datachain, index }: RuleInput): string[] {
  const keys = [...index.byInstanceId.keys()];
  for (const [id, at] of index.byElementId) {
    if (at.length === 1 && datachain.elements[at[0]!]!.element_instance_id === undefined) keys.push(id);
  }
  return keys;
}

/**
 * `element_provenance` keys name exactly one placement; `variable_rationale` keys are variables of
 * that placement's element. A key that names no placement is reported once, not again for its variables.
 */
export function provenanceRules(input: RuleInput): Finding[] {
  const { datachain, pool, index } = input;
  const provenance = datachain.authoring_provenance;
  if (provenance?.kind !== 'ai_generated' || !provenance.element_provenance) return [];
  const out: Finding[] = [];
  const base = 'authoring_provenance.element_provenance';
  for (const [key, entry] of Object.entries(provenance.element_provenance)) {
    const path = keyPath(base, key);
    const hit = placementOf(index, datachain, key);
    if (!hit || 'withInstanceId' in hit) {
      out.push(
        finding(
          'element_provenance_unknown_element',
          path,
          `element_provenance key '${key}' names no placement of this datachain.`,
          hit
            ? `elements[${index.byElementId.get(key)![0]}] has element_instance_id '${hit.withInstanceId}': use that as the key.`
            : `Use an element_instance_id, or an element_id placed once without one: ${listIds(validKeys(input))}.`,
        ),
      );
      continue;
    }
    if ('ambiguous' in hit) {
      out.push(
        finding(
          'element_provenance_ambiguous',
          path,
          `element_provenance key '${key}' is placed ${hit.ambiguous.length} times (${hit.ambiguous.map((i) => `elements[${i}]`).join(', ')}).`,
          `Give each of those placements an element_instance_id and key their provenance by it.`,
        ),
      );
      continue;
    }
    const element = pool.elementById.get(datachain.elements[hit.at]!.element_id);
    if (!element || element.orphan || !entry.variable_rationale) continue;
    for (const variable of Object.keys(entry.variable_rationale)) {
      if (element.variables.has(variable)) continue;
      out.push(
        finding(
          'variable_rationale_unknown_variable',
          keyPath(`${path}.variable_rationale`, variable),
          `Element '${element.id}' (placed at elements[${hit.at}]) has no variable '${variable}'.`,
          element.variableIds.length
            ? `Use one of: ${listIds(element.variableIds)}.`
            : `Element '${element.id}' takes no variables; remove variable_rationale.${variable}.`,
        ),
      );
    }
  }
  return out;
}
