import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/domain/bundle.js';
import type { LocaleCode } from '../../src/domain/locale.js';
import { indexOptions } from '../../src/services/search/options.js';
import { loadPackedIndex, type PackedIndex } from '../../src/services/search/pack.js';
import { treeShape, unpackIndex } from '../helpers/search-index.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';

type Postings = Map<number, Map<number, number>>;
/** A MiniSearch's terms and postings as nested arrays, in the order it iterates them. */
function inOrder(index: object): unknown[] {
  const tree = (index as unknown as { _index: Iterable<[string, Postings]> })._index;
  return [...tree].map(([term, fields]) => [term, [...fields].map(([field, docs]) => [field, [...docs]])]);
}

/**
 * A term tree's nodes as nested arrays, each node's keys in its Map's order (a term's value, under
 * the key '', as null): prefix and fuzzy searches walk the tree in this order.
 */
const shapeOf = (index: object): unknown[] =>
  treeShape((index as { _index: { _tree: Map<string, unknown> } })._index._tree, () => null);

const QUERIES = ['camera', 'faces', 'data retention', 'vidéo', 'health', 'sensor', 'ai'];

describe('a packed search index loads straight into MiniSearch', () => {
  it('equals what MiniSearch.loadJS builds from the unpacked index, for every shipped release and locale', () => {
    let checked = 0;
    for (const [id, text] of Object.entries(BUNDLES)) {
      const bundle = JSON.parse(text) as Bundle;
      for (const [locale, raw] of Object.entries(bundle.search_index)) {
        const packed = raw as PackedIndex;
        const options = indexOptions(locale as LocaleCode);
        const fast = loadPackedIndex(packed, options).miniSearch;
        const slow = MiniSearch.loadJS(unpackIndex(packed), options);
        // Every field of the instance but the term tree (document numbers both ways, lengths, options)...
        expect({ ...fast, _index: undefined }, `${id} ${locale}`).toEqual({ ...slow, _index: undefined });
        expect(JSON.stringify(fast), `${id} ${locale}`).toBe(JSON.stringify(slow));
        // ...and the tree's terms and postings, in order (toEqual does not see the order of a Map's entries).
        expect(inOrder(fast), `${id} ${locale}`).toEqual(inOrder(slow));
        // ...and the tree itself, node by node, keys in order.
        expect(shapeOf(fast), `${id} ${locale}`).toEqual(shapeOf(slow));
        for (const q of QUERIES)
          expect(fast.search(q, { prefix: true, fuzzy: 0.2 })).toEqual(slow.search(q, { prefix: true, fuzzy: 0.2 }));
        const first = packed.documentIds[0]!;
        expect(fast.has(first)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  it("builds a term's postings on first read, whichever Map method reads them first", () => {
    const bundle = JSON.parse(Object.values(BUNDLES)[0]!) as Bundle;
    const packed = bundle.search_index.en as PackedIndex;
    const options = indexOptions('en');
    const slow = MiniSearch.loadJS(unpackIndex(packed), options);
    const term = packed.index.find((entry) => entry.length > 2)![0];
    const postingsOf = (index: object) => (index as { _index: Map<string, Postings> })._index.get(term)!;
    const expected = postingsOf(slow);
    const field = [...expected.keys()][0]!;
    const reads: Record<string, (p: Postings) => unknown> = {
      size: (p) => p.size,
      get: (p) => [...p.get(field)!],
      has: (p) => [p.has(field), p.has(-1)],
      keys: (p) => [...p.keys()],
      values: (p) => [...p.values()].map((docs) => [...docs]),
      entries: (p) => [...p.entries()].map(([f, docs]) => [f, [...docs]]),
      iterator: (p) => [...p].map(([f, docs]) => [f, [...docs]]),
      forEach: (p) => {
        const seen: unknown[] = [];
        p.forEach((docs, f) => seen.push([f, [...docs]]));
        return seen;
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      const fresh = postingsOf(loadPackedIndex(packed, options).miniSearch);
      expect(read(fresh), name).toEqual(read(expected));
    }
    const changed = postingsOf(loadPackedIndex(packed, options).miniSearch);
    expect(changed.delete(field)).toBe(true);
    expect(changed.size).toBe(expected.size - 1);
  });

  it('says whether it holds a term as MiniSearch does, before its term tree is filled and after: every term, each term cut short and run on, for every shipped release and locale', () => {
    for (const [id, text] of Object.entries(BUNDLES)) {
      const bundle = JSON.parse(text) as Bundle;
      for (const [locale, raw] of Object.entries(bundle.search_index)) {
        const packed = raw as PackedIndex;
        const options = indexOptions(locale as LocaleCode);
        const { miniSearch, hasTerm } = loadPackedIndex(packed, options);
        const slow = MiniSearch.loadJS(unpackIndex(packed), options);
        const has = (term: string) => (slow as unknown as { _index: { has(t: string): boolean } })._index.has(term);
        const asked = new Set<string>(['', 'x', '\uD83D']);
        for (const [term] of packed.index) {
          asked.add(term);
          asked.add(term.slice(0, -1));
          asked.add(term.slice(1));
          asked.add(`${term}s`);
        }
        const held = [...asked].filter(has).length;
        expect(held).toBeGreaterThanOrEqual(packed.index.length);
        expect(held).toBeLessThan(asked.size);
        for (const term of asked) expect(hasTerm(term), `${id} ${locale} ${JSON.stringify(term)}`).toBe(has(term));
        // Its size walks the tree, which fills it; then the tree answers.
        expect(miniSearch.termCount).toBe(slow.termCount);
        for (const term of asked) expect(hasTerm(term), `${id} ${locale} ${JSON.stringify(term)}`).toBe(has(term));
      }
    }
  });

  it('answers a query of exact words or prefixes without filling its term tree, as loadJS does; a fuzzy search then fills the tree loadJS builds', () => {
    /** Whether a loaded index has not filled its term tree yet (its nodes are still behind a getter). */
    const unfilled = (index: object) =>
      Object.getOwnPropertyDescriptor((index as { _index: object })._index, '_tree')?.get !== undefined;
    for (const [id, text] of Object.entries(BUNDLES)) {
      const bundle = JSON.parse(text) as Bundle;
      for (const [locale, raw] of Object.entries(bundle.search_index)) {
        const packed = raw as PackedIndex;
        const options = indexOptions(locale as LocaleCode);
        const { miniSearch: fresh, hasTerm } = loadPackedIndex(packed, options);
        const slow = MiniSearch.loadJS(unpackIndex(packed), options);
        const exact = { prefix: false, fuzzy: false } as const;
        const terms = [...packed.index.slice(0, 15).map(([term]) => term), 'x', packed.index.at(-1)![0]];
        for (const term of terms) {
          expect(fresh.search(term, exact), `${id} ${locale} ${term}`).toEqual(slow.search(term, exact));
          expect(hasTerm(term)).toBe((slow as unknown as { _index: { has(t: string): boolean } })._index.has(term));
        }
        expect(unfilled(fresh), `${id} ${locale}`).toBe(true);
        // A prefix search reads the terms under its prefix, not the tree; a fuzzy one fills it.
        // Six prefix searches of a word or two each: under the 16 prefixes a tree answers before it
        // fills itself (PREFIX_READS_UNFILLED).
        for (const [term] of [packed.index[0]!, packed.index.at(-1)!]) {
          for (const prefix of [term, term.slice(0, 1), term.slice(0, 2)])
            expect(fresh.search(prefix, { prefix: true }), `${id} ${locale} ${prefix}`).toEqual(
              slow.search(prefix, { prefix: true }),
            );
        }
        expect(unfilled(fresh)).toBe(true);
        const term = packed.index[0]![0];
        expect(fresh.search(term, { fuzzy: 0.4 })).toEqual(slow.search(term, { fuzzy: 0.4 }));
        expect(unfilled(fresh)).toBe(false);
        expect(shapeOf(fresh), `${id} ${locale}`).toEqual(shapeOf(slow));
        expect(hasTerm(term)).toBe(true);
        expect(hasTerm(`${term}\u0001`)).toBe(false);
      }
    }
  });

  it('fills its tree when first walked as loadJS builds it from terms in any order: its size counted as the fill happens, its searches', () => {
    const bundle = JSON.parse(Object.values(BUNDLES)[0]!) as Bundle;
    const listed = bundle.search_index.en as PackedIndex;
    // Out of MiniSearch's listed order (every other term, then the rest), many terms are inserted by
    // the tree's own `set`.
    const every = (from: number) => listed.index.filter((_, i) => i % 2 === from);
    const packed = { ...listed, index: [...every(0), ...every(1)] };
    const options = indexOptions('en');
    const slow = MiniSearch.loadJS(unpackIndex(packed), options);
    const sized = loadPackedIndex(packed, options).miniSearch;
    expect(sized.termCount).toBe(slow.termCount);
    expect(shapeOf(sized)).toEqual(shapeOf(slow));
    const searched = loadPackedIndex(packed, options).miniSearch;
    for (const q of QUERIES)
      expect(searched.search(q, { prefix: true, fuzzy: 0.2 })).toEqual(slow.search(q, { prefix: true, fuzzy: 0.2 }));
    expect(shapeOf(searched)).toEqual(shapeOf(slow));
  });

  it('loads an empty index', () => {
    const empty = { documentIds: [], fieldIds: { title: 0 }, fieldLengths: [], averageFieldLength: [0], index: [] };
    const options = { fields: ['title'] };
    expect(loadPackedIndex(empty, options).miniSearch).toEqual(MiniSearch.loadJS(unpackIndex(empty), options));
    expect(loadPackedIndex(empty, options).miniSearch.search('x')).toEqual([]);
  });
});
