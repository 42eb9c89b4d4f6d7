import type { VariableFacts } from '../../domain/release-facts.js';

/**
 * How the variables of one element map from a source release to a target release, from their
 * facts alone:
 * - same id and kind: kept (multi-select values lose options the target lacks);
 * - one removed and one added variable of the same kind: a rename, and the value moves;
 * - a text variable that was required and is now optional while a new required text variable
 *   appears: a split (the old text held both parts, the new variable takes one of them);
 * - any other removed variable (or one whose kind changed): its value is dropped.
 */
export interface VariablePlan {
  /** Source id -> target id, for values that carry over. */
  carried: ReadonlyMap<string, string>;
  renamed: ReadonlyMap<string, string>;
  removed: ReadonlySet<string>;
  /** New required target id -> the source id whose text it splits off. */
  splitFrom: ReadonlyMap<string, string>;
  /** Target ids that are new in the target. */
  added: ReadonlySet<string>;
  /** Target ids whose source variable was required already. */
  wasRequired: ReadonlySet<string>;
  /** Option ids the target no longer has, per target multi-select id. */
  droppedOptions: ReadonlyMap<string, ReadonlySet<string>>;
  target: ReadonlyMap<string, VariableFacts>;
}

const byId = (list: readonly VariableFacts[]) => new Map(list.map((v) => [v.id, v]));

export function planVariables(source: readonly VariableFacts[], target: readonly VariableFacts[]): VariablePlan {
  const from = byId(source);
  const to = byId(target);
  const carried = new Map<string, string>();
  const removed = new Set<string>();
  const droppedOptions = new Map<string, Set<string>>();
  for (const [id, s] of from) {
    const t = to.get(id);
    if (!t || t.kind !== s.kind) continue;
    carried.set(id, id);
    const gone = (s.options ?? []).filter((o) => !(t.options ?? []).includes(o));
    if (gone.length) droppedOptions.set(id, new Set(gone));
  }
  const gone = [...from.values()].filter((v) => !carried.has(v.id));
  const fresh = [...to.values()].filter((v) => !from.has(v.id) || from.get(v.id)!.kind !== v.kind);
  const renamed = new Map<string, string>();
  for (const kind of ['localized_text', 'multi_select_enum'] as const) {
    const g = gone.filter((v) => v.kind === kind);
    const f = fresh.filter((v) => v.kind === kind && !from.has(v.id));
    if (g.length === 1 && f.length === 1) renamed.set(g[0]!.id, f[0]!.id);
  }
  for (const [a, b] of renamed) carried.set(a, b);
  for (const v of gone) if (!renamed.has(v.id)) removed.add(v.id);
  const added = new Set(fresh.filter((v) => ![...renamed.values()].includes(v.id)).map((v) => v.id));
  const demoted = [...carried.keys()].filter((id) => {
    const s = from.get(id)!;
    const t = to.get(carried.get(id)!)!;
    return s.kind === 'localized_text' && s.required && !t.required;
  });
  const splitFrom = new Map<string, string>();
  for (const id of added) {
    const t = to.get(id)!;
    if (t.required && t.kind === 'localized_text' && demoted.length === 1) splitFrom.set(id, demoted[0]!);
  }
  const wasRequired = new Set([...carried].filter(([id]) => from.get(id)!.required).map(([, t]) => t));
  return { carried, renamed, removed, splitFrom, added, wasRequired, droppedOptions, target: to };
}
