import type { ReleaseFacts } from '../../domain/release-facts.js';
import { exampleVariable, placeholderNote } from '../validator/examples.js';
import type { Pool } from '../validator/pool.js';
import { type Change, change } from './change.js';
import { migrateContext } from './context.js';
import { elementShape, successorOf } from './facts-view.js';
import { planVariables, type VariablePlan } from './variables.js';

type Json = Record<string, unknown>;
interface RawVariable {
  id?: unknown;
  value?: unknown;
}

export interface PlacementResult {
  /** False when the element is not in the target: the placement is dropped. */
  kept: boolean;
  /** The element id the placement has now, when the element was renamed. */
  renamed?: string;
  changes: Change[];
  /** For provenance keys: variable renames and removals on this placement. */
  plan?: VariablePlan;
}

export interface MigrationSides {
  from: ReleaseFacts;
  to: ReleaseFacts;
  pool: Pool;
}

function migrateVariables(
  p: Json,
  at: string,
  source: string,
  plan: VariablePlan,
  elementId: string,
  sides: MigrationSides,
  out: Change[],
): void {
  const list: RawVariable[] = Array.isArray(p.variables) ? (p.variables as RawVariable[]) : [];
  const kept: RawVariable[] = [];
  list.forEach((v, k) => {
    const id = typeof v.id === 'string' ? v.id : '';
    const vat = `${at}.variables[${kept.length}]`;
    if (plan.removed.has(id)) {
      out.push(
        change(
          'variable_removed',
          `${source}.variables[${k}]`,
          `Variable '${id}' is not in ${sides.to.meta.version}; its value was removed.`,
          false,
          {
            previous: v,
          },
        ),
      );
      return;
    }
    const to = plan.renamed.get(id);
    if (to !== undefined) {
      out.push(
        change(
          'variable_renamed',
          `${vat}.id`,
          `Variable '${id}' is called '${to}' in ${sides.to.meta.version}; the value moved.`,
          false,
          { previous: id },
        ),
      );
      v = { ...v, id: to };
    }
    const dropped = plan.droppedOptions.get(id);
    if (dropped && Array.isArray(v.value)) {
      const left = (v.value as unknown[]).filter((o) => typeof o !== 'string' || !dropped.has(o));
      if (left.length !== v.value.length) {
        out.push(
          change(
            'variable_options_changed',
            `${vat}.value`,
            `Options ${[...dropped].join(', ')} of '${id}' are gone and were removed.`,
            false,
            { previous: v.value },
          ),
        );
        if (left.length === 0) return;
        v = { ...v, value: left };
      }
    }
    kept.push(v);
  });
  if (Array.isArray(p.variables)) p.variables = kept;
  const present = new Set(kept.map((v) => v.id));
  const element = sides.pool.elementById.get(elementId);
  for (const t of plan.target.values()) {
    if (!t.required || present.has(t.id)) continue;
    const declared = element?.variables.get(t.id);
    const json = declared && JSON.stringify(exampleVariable(declared, elementId, sides.pool.locales));
    const hint = json ? `Add ${json} to ${at}.variables${placeholderNote(json)}.` : undefined;
    const from = plan.splitFrom.get(t.id);
    const [kind, message] =
      from !== undefined && present.has(plan.carried.get(from) ?? from)
        ? ([
            'variable_split',
            `'${from}' is now optional and '${t.id}' is a new required variable: move the '${t.id}' part of the '${from}' text into it.`,
          ] as const)
        : plan.added.has(t.id)
          ? (['variable_added', `'${t.id}' is a new required variable.`] as const)
          : ([
              'variable_made_required',
              plan.wasRequired.has(t.id)
                ? `'${t.id}' is required, as it was in the datachain's release, and the placement does not set it.`
                : `'${t.id}' is now required.`,
            ] as const);
    out.push(change(kind, `${at}.variables`, message, true, hint ? { fix_hint: hint } : {}));
  }
}

/** Migrates one placement in place; `at` is its path in the migrated datachain, `source` in the one sent. */
export function migratePlacement(p: Json, at: string, source: string, sides: MigrationSides): PlacementResult {
  const elementId = typeof p.element_id === 'string' ? p.element_id : '';
  const before = elementShape(sides.from, elementId);
  const successor = elementShape(sides.to, elementId) ? undefined : successorOf(sides.from, sides.to, elementId);
  if (successor !== undefined) {
    p.element_id = successor;
    const result = migrateElement(p, at, source, sides, successor, before);
    // The renamed change names the new category: no separate element_moved.
    const changes = result.changes.filter((c) => c.kind !== 'element_moved');
    return { ...result, renamed: successor, changes: [renamedChange(elementId, successor, at, sides), ...changes] };
  }
  return migrateElement(p, at, source, sides, elementId, before);
}

/** The change for a placement whose element was renamed: done, and the author may pick another element of its category. */
function renamedChange(from: string, to: string, at: string, sides: MigrationSides): Change {
  const category = sides.to.elements[to]!.category_id;
  const others = (sides.pool.categoryById.get(category)?.elementIds ?? []).filter((id) => id !== to);
  return change(
    'element_renamed',
    `${at}.element_id`,
    `Element '${from}' is not in ${sides.to.meta.version}; '${to}' of category '${category}' draws the same symbol and took its place.`,
    true,
    {
      previous: from,
      fix_hint: `Check that it says what the system does: keep it (Set ${at}.element_id to ${JSON.stringify(to)}), or choose another element of '${category}'${others.length ? `: ${others.join(', ')}` : ''}.`,
    },
  );
}

function migrateElement(
  p: Json,
  at: string,
  source: string,
  sides: MigrationSides,
  elementId: string,
  before: ReturnType<typeof elementShape>,
): PlacementResult {
  const after = elementShape(sides.to, elementId);
  if (!after) {
    if (!before) return { kept: true, changes: [] };
    return {
      kept: false,
      changes: [
        change(
          'element_removed',
          source,
          `Element '${elementId}' is not in ${sides.to.meta.version}; the placement was removed.`,
          true,
          {
            previous: p,
            fix_hint: Object.hasOwn(sides.to.categories, before.categoryId)
              ? `Choose another element of category '${before.categoryId}' (list_elements with version "${sides.to.meta.version}" and category_id "${before.categoryId}"), or leave it out.`
              : `Category '${before.categoryId}' is not in ${sides.to.meta.version} either; leave the placement out, or describe it in another category.`,
          },
        ),
      ],
    };
  }
  if (!before) return { kept: true, changes: [] };
  const out: Change[] = [];
  if (before.categoryId !== after.categoryId) {
    out.push(
      change(
        'element_moved',
        `${at}.element_id`,
        `Element '${elementId}' moved from category '${before.categoryId}' to '${after.categoryId}'.`,
      ),
    );
  }
  migrateContext(p, at, before, after, out);
  const plan = planVariables(before.variables, after.variables);
  migrateVariables(p, at, source, plan, elementId, sides, out);
  return { kept: true, changes: out, plan };
}
