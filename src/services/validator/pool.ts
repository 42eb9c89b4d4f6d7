import type { Category, Context, DatachainType, Element, Variable } from '../../domain/content.js';
import { groupBy } from '../../core/group.js';
import { MadeOnRead } from '../../core/made-on-read.js';
import { type ReleaseView, releaseView } from '../../store/views.js';
import { ownThenInherited } from '../../domain/variables.js';

/** An element as the rules see it: materialized variables (own, then inherited) and its effective context. */
export interface PoolElement {
  readonly id: string;
  readonly categoryId: string;
  /** The element's category is not in the pool (a broken snapshot): its placements are not checked further. */
  readonly orphan: boolean;
  readonly variables: ReadonlyMap<string, Variable>;
  readonly variableIds: readonly string[];
  readonly requiredVariables: readonly Variable[];
  readonly context: Context | undefined;
  readonly contextValueIds: ReadonlySet<string>;
}

interface PoolCategory {
  readonly id: string;
  readonly required: boolean;
  readonly elementIds: readonly string[];
}

/** The schema content a datachain is checked against: a served release, or a snapshot plus suggestions. */
export interface Pool {
  readonly version: string;
  /** Where elements come from, for messages: the version id, or the snapshot. */
  readonly source: 'release' | 'snapshot';
  readonly locales: readonly string[];
  readonly datachainType: DatachainType;
  /** In the datachain type's display order. */
  readonly categories: readonly PoolCategory[];
  readonly categoryById: ReadonlyMap<string, PoolCategory>;
  readonly elementById: ReadonlyMap<string, PoolElement>;
  /** Sorted, for suggestions. */
  readonly elementIds: readonly string[];
}

function poolElement(element: Element, category: Category | undefined, materialized: boolean): PoolElement {
  const list = materialized
    ? element.variables
    : ownThenInherited(element.variables, category?.element_variables ?? []);
  const variables = new Map<string, Variable>();
  for (const v of list) if (!variables.has(v.id)) variables.set(v.id, v);
  const context = element.context ?? category?.element_context;
  return {
    id: element.id,
    categoryId: element.category_id,
    orphan: category === undefined,
    variables,
    variableIds: [...variables.keys()],
    requiredVariables: [...variables.values()].filter((v) => v.required),
    context,
    contextValueIds: new Set(context?.values.map((v) => v.id) ?? []),
  };
}

/** Sorted element ids by category id. */
type IdsByCategory = Map<string, string[]>;

/** `elements`' ids by their category, each list sorted. */
function idsByCategory(elements: Iterable<{ id: string; categoryId: string }>): IdsByCategory {
  const byCategory = groupBy(
    elements,
    (e) => e.categoryId,
    (e) => e.id,
  );
  for (const ids of byCategory.values()) ids.sort();
  return byCategory;
}

/**
 * A pool over `elementById`. A category's element ids (sorted) and the pool's (sorted, for
 * suggestions) are listed on first read: only a finding's hint reads them, and a category's need
 * every element's category (`grouped`: the listed forms where the release has them, else every
 * element). A listing that fails (a damaged element) is not kept: the next read fails too.
 */
function buildPool(
  version: string,
  source: Pool['source'],
  locales: readonly string[],
  datachainType: DatachainType,
  categories: readonly Category[],
  elementById: ReadonlyMap<string, PoolElement>,
  grouped: () => IdsByCategory,
): Pool {
  const rawCategory = new Map(categories.map((c) => [c.id, c]));
  const listed = datachainType.categories.filter((id) => rawCategory.has(id));
  const order = [...new Set([...listed, ...categories.map((c) => c.id)])];
  let byCategory: IdsByCategory | undefined;
  const idsOf = (id: string): string[] => (byCategory ??= grouped()).get(id) ?? [];
  const poolCategories: PoolCategory[] = order.map((id) => ({
    id,
    required: rawCategory.get(id)!.required,
    get elementIds() {
      return idsOf(id);
    },
  }));
  let elementIds: string[] | undefined;
  return {
    version,
    source,
    locales,
    datachainType,
    categories: poolCategories,
    categoryById: new Map(poolCategories.map((c) => [c.id, c])),
    elementById,
    get elementIds() {
      return (elementIds ??= [...elementById.keys()].sort());
    },
  };
}

/**
 * The pool of a served release, built once per release and isolate. Its elements are made from the
 * release's on first read (`MadeOnRead` over `release.elementById`), so a datachain that places a
 * few elements reads those alone (decision 068); a served release's element ids are unique (the
 * build refuses a duplicate), and its elements are materialized.
 */
export const releasePool: ReleaseView<Pool> = releaseView((release) => {
  const { bundle } = release;
  const elementById = new MadeOnRead(release.elementById, (element) =>
    poolElement(element, release.categoryById.get(element.category_id), true),
  );
  // From the release's element ids by category (its listed forms, decision 073), without a view made of each.
  const grouped = (): IdsByCategory => new Map(Array.from(release.idsByCategory, ([id, ids]) => [id, [...ids].sort()]));
  return buildPool(
    release.id,
    'release',
    release.locales,
    bundle.datachain_type,
    bundle.categories,
    elementById,
    grouped,
  );
});

/** The pool of a resolved datachain: snapshot elements, then suggested ones, checked against snapshot categories. */
export function snapshotPool(
  version: string,
  snapshot: { datachain_type: DatachainType; categories: readonly Category[]; elements: readonly Element[] },
  suggested: readonly Element[],
): Pool {
  const rawCategory = new Map(snapshot.categories.map((c) => [c.id, c]));
  // The first element with an id is the one checked against.
  const elementById = new Map<string, PoolElement>();
  for (const element of [...snapshot.elements, ...suggested])
    if (!elementById.has(element.id))
      elementById.set(element.id, poolElement(element, rawCategory.get(element.category_id), false));
  return buildPool(
    version,
    'snapshot',
    snapshot.datachain_type.locales,
    snapshot.datachain_type,
    snapshot.categories,
    elementById,
    () => idsByCategory(elementById.values()),
  );
}
