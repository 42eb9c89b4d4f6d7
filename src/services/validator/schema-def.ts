/** A zod schema's definition node, as the walkers over a schema read it. */
export type Def = { type: string; [k: string]: unknown };

/** The definition node of a zod schema. */
export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional']);

/** Strips wrappers (optional, default, ...) and pipes down to the definition that describes the value. */
export function coreDef(schema: unknown): Def {
  let def = defOf(schema);
  while (WRAPPERS.has(def.type) || def.type === 'pipe') def = defOf(def.type === 'pipe' ? def.in : def.innerType);
  return def;
}

/** A non-null, non-array object. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
