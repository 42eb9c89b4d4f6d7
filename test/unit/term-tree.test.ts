import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { fillWhenWalked, hasTerm, insertInOrder, type TermTree } from '../../src/services/search/term-tree.js';
import { treeShape } from '../helpers/search-index.js';

/** An empty term tree of MiniSearch's own (its SearchableMap), the kind the loader fills. */
const emptyTree = () => (new MiniSearch({ fields: ['x'] }) as unknown as { _index: TermTree<number> })._index;

/** A tree's nodes as nested arrays, each node's keys in its Map's order, a term's value as it is. */
const shapeOf = (tree: TermTree<number>): unknown[] => treeShape(tree._tree);

/** A term tree as MiniSearch's SearchableMap answers it. */
type Searchable = TermTree<number> & {
  get(t: string): number | undefined;
  has(t: string): boolean;
  atPrefix(p: string): Iterable<[string, number]>;
};

/**
 * `terms` (each with its position as its value) in a tree filled by `insertInOrder`, and in one
 * filled when walked (`fillWhenWalked`).
 */
function filledAndDeferred(terms: readonly string[]) {
  const items = terms.map((t, i) => [t, i] as const);
  const filled = emptyTree() as Searchable;
  insertInOrder(
    filled,
    items,
    ([t]) => t,
    ([, i]) => i,
  );
  const deferred = emptyTree() as Searchable;
  fillWhenWalked(deferred, items, ([t]) => t, new Map(items.map(([t, i]) => [t, i])));
  return { filled, deferred };
}

/** Whether a tree filled when walked has not been filled yet (its nodes still behind a getter). */
const unfilled = (tree: object) => Object.getOwnPropertyDescriptor(tree, '_tree')?.get !== undefined;

/**
 * What `set` of each item in turn leaves, and what `insertInOrder` does, as JSON: a lone surrogate
 * written as an escape, so that a failure's report can leave the test's runtime.
 */
function both(terms: readonly string[], before: readonly string[] = []) {
  const slow = emptyTree();
  const fast = emptyTree();
  for (const [i, term] of before.entries()) {
    slow.set(term, -1 - i);
    fast.set(term, -1 - i);
  }
  terms.forEach((term, i) => slow.set(term, i));
  insertInOrder(
    fast,
    terms.map((term, i) => [term, i] as const),
    ([term]) => term,
    ([, i]) => i,
  );
  return { slow: JSON.stringify(shapeOf(slow)), fast: JSON.stringify(shapeOf(fast)) };
}

/**
 * A term's characters from a small alphabet, so that terms share prefixes and one is often another's
 * prefix; two characters beyond the BMP that share their first UTF-16 unit, and that unit alone, so
 * that terms part inside a surrogate pair as `set` parts them (by UTF-16 unit).
 */
const term = fc.string({
  unit: fc.constantFrom('a', 'b', 'c', 'é', '\u{1F600}', '\u{1F601}', '\uD83D'),
  maxLength: 6,
});

/** Terms of up to three of twenty letters: nodes get more keys than are scanned (a Chinese index's root has 821). */
const wide = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrst'), minLength: 1, maxLength: 3 });

describe('insertInOrder fills a term tree as MiniSearch would, term by term', () => {
  it('in any order, with repeated terms, prefixes of others and the empty term (fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(term, { maxLength: 40, size: 'max' }), (terms) => {
        const { slow, fast } = both(terms);
        expect(fast).toBe(slow);
      }),
      { seed: 24, numRuns: 600 },
    );
  });

  it('in any order, with nodes of many keys, as the root of a Chinese index has (fixed seed)', () => {
    fc.assert(
      fc.property(fc.array(wide, { minLength: 20, maxLength: 150, size: 'max' }), (terms) => {
        const { slow, fast } = both(terms);
        expect(fast).toBe(slow);
      }),
      { seed: 242, numRuns: 300 },
    );
  });

  it('in the order MiniSearch lists a tree in, the order of a packed index, never by `set` (fixed seed)', () => {
    /** The terms in the order a tree of them lists them; the tree as `set` builds it from that order and as `insertInOrder` does. */
    const listedOnce = (terms: readonly string[]) => {
      const listed = emptyTree();
      for (const t of terms) listed.set(t, 0);
      const order = [...(listed as unknown as Iterable<[string, number]>)].map(([t]) => t);
      const { slow, fast } = both(order);
      expect(fast).toBe(slow);
      // ...and every term of that order goes in by the short way, never by `set`.
      const tree = emptyTree();
      let sets = 0;
      const set = tree.set.bind(tree);
      tree.set = (t, v) => {
        sets++;
        return set(t, v);
      };
      insertInOrder(
        tree,
        order,
        (t) => t,
        () => 0,
      );
      expect(sets).toBe(0);
    };
    fc.assert(fc.property(fc.array(term, { maxLength: 40, size: 'max' }), listedOnce), { seed: 241, numRuns: 600 });
    // Nodes of many keys, asked through their sets of first units.
    fc.assert(fc.property(fc.array(wide, { minLength: 20, maxLength: 150, size: 'max' }), listedOnce), {
      seed: 243,
      numRuns: 300,
    });
  });

  it('into a tree that already holds terms, whose size it counts anew', () => {
    const { slow, fast } = both(['camera', 'cam', 'cat', 'dog'], ['ca', 'do', 'camel']);
    expect(fast).toBe(slow);
    const tree = emptyTree() as TermTree<number> & { size: number };
    tree.set('cam', 0);
    expect(tree.size).toBe(1);
    insertInOrder(
      tree,
      ['camera', 'cat', 'dog'],
      (t) => t,
      () => 1,
    );
    expect(tree.size).toBe(4);
  });

  it('splits an edge where two terms part, and gives a term ending inside an edge a node of its own', () => {
    const tree = emptyTree();
    insertInOrder(
      tree,
      ['camera', 'camel', 'cam', 'cat'],
      (t) => t,
      (t) => t.length,
    );
    // camera; camel parts from it after "came"; cam ends inside "came"; cat parts after "ca".
    expect(shapeOf(tree)).toEqual([
      [
        'ca',
        [
          [
            'm',
            [
              [
                'e',
                [
                  ['ra', [['', 6]]],
                  ['l', [['', 5]]],
                ],
              ],
              ['', 3],
            ],
          ],
          ['t', [['', 3]]],
        ],
      ],
    ]);
  });
});

describe("hasTerm answers as the tree's own has", () => {
  it('for terms held, their prefixes, and terms not held, in trees with narrow and wide nodes (fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(term, wide), { maxLength: 120, size: 'max' }),
        fc.array(fc.oneof(term, wide), { maxLength: 40 }),
        (terms, others) => {
          const { filled: tree } = filledAndDeferred(terms);
          for (const t of [...terms, ...terms.map((x) => x.slice(0, -1)), ...others, ''])
            expect(hasTerm(tree._tree, t), JSON.stringify(t)).toBe(tree.has(t));
        },
      ),
      { seed: 68, numRuns: 400 },
    );
  });
});

describe('a tree filled when walked answers a prefix as the filled tree does', () => {
  it('the same terms under any prefix, in the same order, for terms in any order (fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(term, wide), { maxLength: 80, size: 'max' }),
        fc.array(fc.oneof(term, wide), { maxLength: 12 }),
        (terms, prefixes) => {
          const { filled, deferred } = filledAndDeferred(terms);
          const asked = [...prefixes, ...terms.map((t) => t.slice(0, 2)), ''];
          for (const prefix of asked)
            expect([...deferred.atPrefix(prefix)], JSON.stringify(prefix)).toEqual([...filled.atPrefix(prefix)]);
          // Unfilled (its nodes never read) after at most 16 prefix searches (PREFIX_READS_UNFILLED).
          expect(unfilled(deferred)).toBe(asked.length <= 16);
        },
      ),
      { seed: 68, numRuns: 400 },
    );
  });
});

describe('a tree filled when walked, after a few prefix searches', () => {
  it('fills itself, and answers the same', () => {
    const { filled, deferred } = filledAndDeferred([
      'camera',
      'cameras',
      'cam',
      'face',
      'faces',
      'facial',
      'data',
      'database',
    ]);
    for (let i = 0; i < 20; i++) {
      const prefix = ['cam', 'fac', 'da', 'x'][i % 4]!;
      expect([...deferred.atPrefix(prefix)]).toEqual([...filled.atPrefix(prefix)]);
      expect(unfilled(deferred)).toBe(i < 16);
    }
    expect(JSON.stringify(shapeOf(deferred))).toBe(JSON.stringify(shapeOf(filled)));
  });
});
