import { keyPath } from '../../core/json.js';
import { finding, type Finding, listIds } from './finding.js';
import { placementOf, type RuleInput } from './finding.js';

/** Fields this server lets a datachain leave out but the upstream DTPR validator requires, with what to write. */
const UPSTREAM_REQUIRED = {
  id: 'an id of your choice, e.g. "city-parking-cameras"',
  created_at: 'the creation time in ISO 8601 UTC, e.g. "2026-09-01T10:00:00Z"',
  schema_version: 'the version you validate against',
} as const;

/** Top-level fields: the pinned version, the timestamps, and what other validators require. */
export function metadataRules({ datachain, version, isServed, form }: RuleInput): Finding[] {
  const out: Finding[] = [];
  for (const [field, what] of Object.entries(UPSTREAM_REQUIRED) as Array<[keyof typeof UPSTREAM_REQUIRED, string]>) {
    if (datachain[field] !== undefined) continue;
    out.push(
      finding(
        'interop_field_missing',
        field,
        `'${field}' is missing: this server accepts that, but the upstream DTPR validator requires it.`,
        `Add '${field}': ${field === 'schema_version' ? `"${version}"` : what}.`,
      ),
    );
  }
  const pinned = datachain.schema_version;
  // A resolved datachain pinned to a version not served here is checked from its own snapshot.
  const selfContained = form === 'resolved' && pinned !== undefined && !isServed(pinned);
  if (pinned !== undefined && pinned !== version && !selfContained) {
    out.push(
      finding(
        'schema_version_mismatch',
        'schema_version',
        `The datachain pins schema_version '${pinned}' but is checked against '${version}'.`,
        `Set schema_version to "${version}" (or omit it)${isServed(pinned) ? `, or call the tool with version "${pinned}"` : `; '${pinned}' is not served here`}.`,
      ),
    );
  }
  const { created_at, updated_at } = datachain;
  if (created_at !== undefined && updated_at !== undefined && Date.parse(updated_at) < Date.parse(created_at)) {
    out.push(
      finding(
        'updated_before_created',
        'updated_at',
        `updated_at (${updated_at}) is earlier than created_at (${created_at}).`,
        'Set updated_at to a time at or after created_at, or correct created_at.',
      ),
    );
  }
  return out;
}

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
          `Remove any placement that only repeats another; give each one left an element_instance_id and key their provenance by it.`,
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
