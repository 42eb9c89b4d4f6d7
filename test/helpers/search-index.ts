import type { AsPlainObject } from 'minisearch';
import type { PackedIndex } from '../../src/services/search/pack.js';

type Entry = AsPlainObject['index'][number];

/**
 * MiniSearch's plain-object form of a packed index, for `MiniSearch.loadJS`: the reference the
 * server's own loader (`loadPackedIndex`) is checked against, and the inverse of `packIndex`.
 */
export function unpackIndex(packed: PackedIndex): AsPlainObject {
  const index = packed.index.map(([term, ...postings]): Entry => {
    const fields: Entry[1] = {};
    for (const posting of postings) {
      const counts: Record<string, number> = {};
      for (let i = 1; i < posting.length; i++) {
        const doc = posting[i]!;
        const next = posting[i + 1] ?? 0;
        counts[doc] = next < 0 ? -next : 1;
        if (next < 0) i++;
      }
      fields[posting[0]!] = counts;
    }
    return [term, fields];
  });
  return {
    documentCount: packed.documentIds.length,
    nextId: packed.documentIds.length,
    documentIds: Object.fromEntries(packed.documentIds.entries()),
    fieldIds: packed.fieldIds,
    fieldLength: Object.fromEntries(packed.fieldLengths.entries()),
    averageFieldLength: packed.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}

/**
 * A term tree (MiniSearch's SearchableMap `_tree`) as nested arrays, each node's keys in its Map's
 * order, a term's value (under the key '') as `leaf` gives it: prefix and fuzzy searches walk the
 * tree in this order, so two trees that search alike have the same shape.
 */
export function treeShape(node: Map<string, unknown>, leaf: (value: unknown) => unknown = (value) => value): unknown[] {
  return [...node].map(([key, child]) => [
    key,
    key === '' ? leaf(child) : treeShape(child as Map<string, unknown>, leaf),
  ]);
}
