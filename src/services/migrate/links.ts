import type { ReleaseFacts } from '../../domain/release-facts.js';
import { type Change, change } from './change.js';
import type { VariablePlan } from './variables.js';
import { isRecord } from '../../core/values.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => isRecord(v);

/**
 * Subchain instances whose subchain the target lacks are removed, and so are the references to
 * them; a placement whose category the instance's subchain no longer covers leaves it.
 */
export function migrateSubchains(dc: Json, to: ReleaseFacts, out: Change[]): void {
  const subchains = new Map(to.datachain_type.subchains.map((s) => [s.id, s]));
  const instances = Array.isArray(dc.subchain_instances) ? (dc.subchain_instances as Json[]) : [];
  const kept: Json[] = [];
  const subchainOf = new Map<string, string>();
  instances.forEach((s, k) => {
    const id = String(s.subchain_id);
    if (isObject(s) && !subchains.has(id)) {
      out.push(
        change(
          'subchain_changed',
          `subchain_instances[${k}]`,
          `Subchain '${id}' is not in ${to.meta.version}; the instance was removed.`,
          false,
          { previous: s },
        ),
      );
      return;
    }
    if (isObject(s) && typeof s.id === 'string') subchainOf.set(s.id, id);
    kept.push(s);
  });
  if (kept.length !== instances.length) dc.subchain_instances = kept;
  const elements = Array.isArray(dc.elements) ? (dc.elements as Json[]) : [];
  elements.forEach((p, i) => {
    const ref = p.subchain_instance_id;
    if (typeof ref !== 'string') return;
    const subchain = subchainOf.get(ref);
    const category = to.elements[String(p.element_id)]?.category_id;
    const removed = subchain === undefined && instances.some((s) => isObject(s) && s.id === ref);
    const uncovered =
      subchain !== undefined && category !== undefined && !subchains.get(subchain)!.categories.includes(category);
    if (!removed && !uncovered) return;
    delete p.subchain_instance_id;
    out.push(
      change(
        'subchain_changed',
        `elements[${i}].subchain_instance_id`,
        `Placement left subchain instance '${ref}', which ${removed ? 'was removed' : `no longer covers its category '${category}'`}.`,
        false,
        { previous: ref },
      ),
    );
  });
}

/**
 * AI provenance keys follow the placements: keys of removed placements go, keys of renamed
 * elements follow them, and variable rationales follow renamed variables (removed variables lose theirs).
 */
export function migrateProvenance(
  dc: Json,
  plans: ReadonlyMap<string, VariablePlan>,
  removedKeys: ReadonlySet<string>,
  renamedKeys: ReadonlyMap<string, string>,
  out: Change[],
): void {
  const prov = dc.authoring_provenance;
  if (!isObject(prov) || !isObject(prov.element_provenance)) return;
  const map = prov.element_provenance;
  for (const [from, to] of renamedKeys) {
    if (!Object.hasOwn(map, from) || Object.hasOwn(map, to)) continue;
    map[to] = map[from];
    delete map[from];
    out.push(
      change(
        'provenance_changed',
        `authoring_provenance.element_provenance.${to}`,
        `Follows element '${from}', now '${to}'.`,
      ),
    );
  }
  const elements = Array.isArray(dc.elements) ? (dc.elements as Json[]) : [];
  const keys = new Set(
    elements.flatMap((p) => [p.element_instance_id, p.element_id].filter((k) => typeof k === 'string')),
  );
  for (const key of Object.keys(map)) {
    const at = `authoring_provenance.element_provenance.${key}`;
    if (!keys.has(key) && removedKeys.has(key)) {
      out.push(
        change('provenance_changed', at, `Its placement was removed, so its provenance was too.`, false, {
          previous: map[key],
        }),
      );
      delete map[key];
      continue;
    }
    const plan = plans.get(key);
    const entry = map[key];
    if (!plan || !isObject(entry) || !isObject(entry.variable_rationale)) continue;
    const rationale = entry.variable_rationale;
    for (const v of Object.keys(rationale)) {
      const to = plan.renamed.get(v);
      if (to !== undefined) {
        rationale[to] = rationale[v];
        delete rationale[v];
        out.push(
          change(
            'provenance_changed',
            `${at}.variable_rationale.${to}`,
            `Rationale follows variable '${v}', now '${to}'.`,
          ),
        );
      } else if (plan.removed.has(v)) {
        out.push(
          change(
            'provenance_changed',
            `${at}.variable_rationale.${v}`,
            `Variable '${v}' was removed, so its rationale was too.`,
            false,
            { previous: rationale[v] },
          ),
        );
        delete rationale[v];
      }
    }
  }
}
