import type { Bundle } from './bundle.js';
import type { Category, Context, Variable } from './content.js';

/**
 * The facts of a release: what a datachain's validity depends on, with every text left out.
 * Ids, category order and flags, shapes, context values and colours, variables (kind, required,
 * option ids), element category and symbol, symbol ids. Two releases with equal facts accept the
 * same datachains. Category `order` is a rank (0, 1, 2...), so 0- and 1-based sources compare equal.
 */
export interface VariableFacts {
  id: string;
  kind: 'localized_text' | 'multi_select_enum';
  required: boolean;
  options?: string[];
}
export interface ContextFacts {
  id: string;
  /** Present only where the release states it (`false`: a placement may omit the value). */
  required?: boolean;
  values: Array<{ id: string; color: string | null }>;
}
export interface CategoryFacts {
  id: string;
  datachain_type: string;
  order: number;
  required: boolean;
  shape: string;
  element_variables: VariableFacts[];
  element_context?: ContextFacts;
}
export interface ElementFacts {
  id: string;
  category_id: string;
  symbol_id: string;
  variables?: VariableFacts[];
  context?: ContextFacts;
}
export interface ReleaseFacts {
  meta: { version: string; status: string; locales: string[] };
  datachain_type: {
    id: string;
    categories: string[];
    locales: string[];
    subchains: Array<{ id: string; categories: string[] }>;
  };
  categories: Record<string, CategoryFacts>;
  elements: Record<string, ElementFacts>;
  symbols: string[];
}

function variableFacts(v: Variable): VariableFacts {
  const base = { id: v.id, kind: v.kind, required: v.required };
  return v.kind === 'multi_select_enum' ? { ...base, options: v.options.map((o) => o.id) } : base;
}

function contextFacts(c: Context): ContextFacts {
  return {
    id: c.id,
    ...(c.required !== undefined ? { required: c.required } : {}),
    values: c.values.map((v) => ({ id: v.id, color: v.color })),
  };
}

const sameVariable = (a: VariableFacts, b: VariableFacts | undefined): boolean =>
  b !== undefined && JSON.stringify(a) === JSON.stringify(b);

function categoryFacts(c: Category, rank: number): CategoryFacts {
  return {
    id: c.id,
    datachain_type: c.datachain_type,
    order: rank,
    required: c.required,
    shape: c.shape,
    element_variables: c.element_variables.map(variableFacts),
    ...(c.element_context ? { element_context: contextFacts(c.element_context) } : {}),
  };
}

/** Category ranks by `order`, ties broken by id, so only relative order counts. */
export function rankCategories<T extends { id: string; order: number }>(categories: readonly T[]): Map<string, number> {
  const sorted = [...categories].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return new Map(sorted.map((c, i) => [c.id, i]));
}

/** The facts of a compiled release. An element's `variables` lists only what it declares beyond its category's. */
export function releaseFacts(bundle: Bundle): ReleaseFacts {
  const ranks = rankCategories(bundle.categories);
  const categories: Record<string, CategoryFacts> = {};
  for (const c of bundle.categories) categories[c.id] = categoryFacts(c, ranks.get(c.id)!);
  const elements: Record<string, ElementFacts> = {};
  for (const e of bundle.elements) {
    const inherited = new Map((categories[e.category_id]?.element_variables ?? []).map((v) => [v.id, v]));
    const own = e.variables.map(variableFacts).filter((v) => !sameVariable(v, inherited.get(v.id)));
    elements[e.id] = {
      id: e.id,
      category_id: e.category_id,
      symbol_id: e.symbol_id,
      ...(own.length ? { variables: own } : {}),
      ...(e.context ? { context: contextFacts(e.context) } : {}),
    };
  }
  const dt = bundle.datachain_type;
  return {
    meta: { version: bundle.manifest.version, status: bundle.manifest.status, locales: [...bundle.manifest.locales] },
    datachain_type: {
      id: dt.id,
      categories: [...dt.categories],
      locales: [...dt.locales],
      subchains: dt.subchains.map((s) => ({ id: s.id, categories: [...s.categories] })),
    },
    categories,
    elements,
    symbols: Object.keys(bundle.symbols).sort(),
  };
}
