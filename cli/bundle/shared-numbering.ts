import type { Bundle } from '../../src/domain/bundle.js';
import type { PackedIndex } from '../../src/services/search/pack.js';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The documents of a release's search indexes (the same in every locale), or none. */
function documentsOf(id: string, bundle: Bundle): readonly string[] {
  const [first, ...rest] = Object.values(bundle.search_index).map((index) => (index as PackedIndex).documentIds);
  if (rest.some((ids) => JSON.stringify(ids) !== JSON.stringify(first))) {
    throw new Error(`${id}: the search indexes of its locales number documents differently`);
  }
  return first ?? [];
}

/**
 * One document numbering for a set of releases: the ids of every release's documents, merged and
 * sorted. Returns, per release id, the shared number of each of its documents in its own order.
 */
export function sharedNumbers(bundles: readonly { id: string; bundle: Bundle }[]): Map<string, number[]> {
  const documents = bundles.map(({ id, bundle }) => [id, documentsOf(id, bundle)] as const);
  const all = [...new Set(documents.flatMap(([, ids]) => ids))].sort(byCodeUnits);
  const number = new Map(all.map((docId, i) => [docId, i]));
  return new Map(documents.map(([id, ids]) => [id, ids.map((docId) => number.get(docId)!)]));
}

/** `bundle` with each document number in its index entries replaced by `shared[number]`. */
export function renumbered(bundle: Bundle, shared: readonly number[]): Bundle {
  const entry = ([term, ...postings]: PackedIndex['index'][number]): PackedIndex['index'][number] => [
    term,
    ...postings.map(([field, ...docs]) => [field!, ...docs.map((d) => (d < 0 ? d : shared[d]!))]),
  ];
  const search_index = Object.fromEntries(
    Object.entries(bundle.search_index).map(([locale, index]) => [
      locale,
      { ...(index as PackedIndex), index: (index as PackedIndex).index.map(entry) },
    ]),
  );
  return { ...bundle, search_index };
}
