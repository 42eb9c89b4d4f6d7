import type { Release } from '../../store/release.js';
import { examplePlacement, simplestElement, placeholderNote } from '../validator/examples.js';
import { releasePool } from '../validator/pool.js';
import { type Change, change } from './change.js';
import { factsOf } from './facts-view.js';
import { migrateProvenance, migrateSubchains } from './links.js';
import { dropUncarriedLocales } from './locales.js';
import { migratePlacement, type MigrationSides } from './placement.js';
import type { VariablePlan } from './variables.js';

type Json = Record<string, unknown>;

export interface Migration {
  datachain: Json;
  changes: Change[];
}

/** Required categories of the target that no placement fills, as changes the author must answer. */
function categoryChanges(dc: Json, sides: MigrationSides): Change[] {
  const placed = new Set(
    (dc.elements as Json[]).map((p) => sides.to.elements[String(p.element_id)]?.category_id).filter(Boolean),
  );
  const out: Change[] = [];
  for (const id of sides.to.datachain_type.categories) {
    const t = sides.to.categories[id];
    if (!t) continue;
    const s = sides.from.categories[id];
    const category = sides.pool.categoryById.get(id);
    const element = category && simplestElement(category.elementIds, sides.pool.elementById);
    const json = element && JSON.stringify(examplePlacement(element, sides.pool.locales));
    if (!t.required) {
      if (!s && !placed.has(id))
        out.push(
          change(
            'category_added',
            'elements',
            `Category '${id}' is new in ${sides.to.meta.version} (optional): describe it if it applies.`,
            false,
            json
              ? {
                  fix_hint: `If it applies, add an element of it to elements, e.g. ${json}${placeholderNote(json)}; its elements: ${category!.elementIds.join(', ')}.`,
                }
              : {},
          ),
        );
      continue;
    }
    if (placed.has(id) || s?.required) continue;
    const fix_hint = json
      ? `Add ${json} to elements${placeholderNote(json)}; its elements: ${category!.elementIds.join(', ')}.`
      : `Add an element of category '${id}' to elements.`;
    out.push(
      change(
        s ? 'category_made_required' : 'category_added',
        'elements',
        s
          ? `Category '${id}' is required in ${sides.to.meta.version} and the datachain has no element of it.`
          : `Category '${id}' is new and required in ${sides.to.meta.version}: add at least one element of it.`,
        true,
        { fix_hint },
      ),
    );
  }
  return out;
}

/** The keys only a resolved datachain has (resolve_datachain's output); a migrated datachain is thin. */
export const RESOLVED_KEYS = ['schema_snapshot', 'suggested_elements'] as const;

/**
 * Removes the parts of a resolved datachain, each with its change: the snapshot is the content of
 * the release the datachain was resolved against, so it cannot travel to another (kept, it would pin
 * the old content under the new schema_version); the suggestions are the author's, so they are kept
 * in `previous` and the author decides whether to propose them again.
 */
function resolvedParts(dc: Json, to: Release): { changes: Change[]; suggested: ReadonlySet<string> } {
  const changes: Change[] = [];
  const again = `call resolve_datachain with version '${to.id}' on the migrated datachain`;
  if (Object.hasOwn(dc, 'schema_snapshot')) {
    delete dc.schema_snapshot;
    changes.push(
      change(
        'resolved_part_removed',
        'schema_snapshot',
        'schema_snapshot pinned the old release; the migrated datachain is thin, so it was removed.',
        false,
        { fix_hint: `To pin the migrated datachain to ${to.id}'s content, ${again}.` },
      ),
    );
  }
  const suggested = new Set<string>();
  if (Object.hasOwn(dc, 'suggested_elements')) {
    const previous = dc.suggested_elements;
    delete dc.suggested_elements;
    if (Array.isArray(previous))
      for (const e of previous) if (typeof (e as Json)?.id === 'string') suggested.add((e as Json).id as string);
    changes.push(
      change(
        'resolved_part_removed',
        'suggested_elements',
        'suggested_elements were removed from the thin datachain; they are in previous (their placements too, each its own change).',
        Array.isArray(previous) && previous.length > 0,
        {
          previous,
          fix_hint: `To propose them again, ${again}, then add the ones that still apply to its suggested_elements, with their placements.`,
        },
      ),
    );
  }
  return { changes, suggested };
}

/**
 * Removes the placements of suggested elements (a thin datachain places only elements of a
 * release, so they go with the suggestions), each as a change keeping it in `previous`, and adds
 * their keys to `removedKeys`. Returns where each placement left was in the datachain sent.
 */
function dropSuggestionPlacements(
  dc: Json,
  suggested: ReadonlySet<string>,
  to: Release,
  changes: Change[],
  removedKeys: Set<string>,
): number[] {
  const sent: number[] = [];
  const left: Json[] = [];
  (dc.elements as Json[]).forEach((p, i) => {
    const id = p.element_id;
    if (typeof id !== 'string' || !suggested.has(id) || to.elementById.has(id)) {
      sent.push(i);
      left.push(p);
      return;
    }
    changes.push(
      change(
        'resolved_part_removed',
        `elements[${i}]`,
        `Placement of suggested element '${id}' removed: a thin datachain places only ${to.id}'s elements.`,
        true,
        {
          previous: p,
          fix_hint: `Add it back with its suggestion once resolved again, or place an element of ${to.id}.`,
        },
      ),
    );
    for (const k of [p.element_instance_id, id]) if (typeof k === 'string') removedKeys.add(k);
  });
  dc.elements = left;
  return sent;
}

/**
 * Moves a (shape-checked) thin datachain from one release to another, in either direction, from
 * the two releases' facts: what carries over is carried, what cannot is removed and reported, and
 * what the target needs that the datachain lacks is asked for. A resolved datachain loses its
 * resolved parts (`resolvedParts`). The input is not modified.
 */
export function migrateDatachain(raw: Json, from: Release, to: Release): Migration {
  const dc = structuredClone(raw);
  const sides: MigrationSides = { from: factsOf(from), to: factsOf(to), pool: releasePool(to) };
  const resolved = resolvedParts(dc, to);
  const changes: Change[] = resolved.changes;
  if (dc.schema_version !== to.id) {
    changes.push(
      change('schema_version_set', 'schema_version', `schema_version is now '${to.id}'.`, false, {
        previous: dc.schema_version,
      }),
    );
    dc.schema_version = to.id;
  }
  const removedKeys = new Set<string>();
  const sent = dropSuggestionPlacements(dc, resolved.suggested, to, changes, removedKeys);
  if (from.id === to.id) return { datachain: dc, changes };
  const kept: Json[] = [];
  const plans = new Map<string, VariablePlan>();
  /** Old element id -> new, for provenance keyed by element id. */
  const renamedKeys = new Map<string, string>();
  (dc.elements as Json[]).forEach((p, i) => {
    const sentId = p.element_id;
    const result = migratePlacement(p, `elements[${kept.length}]`, `elements[${sent[i]}]`, sides);
    changes.push(...result.changes);
    const keys = [p.element_instance_id, p.element_id].filter((k): k is string => typeof k === 'string');
    if (!result.kept) {
      for (const k of keys) removedKeys.add(k);
      return;
    }
    if (result.plan) for (const k of keys) plans.set(k, result.plan);
    if (result.renamed !== undefined && typeof sentId === 'string') renamedKeys.set(sentId, result.renamed);
    kept.push(p);
  });
  dc.elements = kept;
  migrateSubchains(dc, sides.to, changes);
  migrateProvenance(dc, plans, removedKeys, renamedKeys, changes);
  dropUncarriedLocales(dc, to.locales, to.id, changes);
  changes.push(...categoryChanges(dc, sides));
  return { datachain: dc, changes };
}
