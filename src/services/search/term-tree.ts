/**
 * MiniSearch's term tree (its SearchableMap, minisearch 7.2; checked by test/unit/term-tree.test.ts
 * and test/unit/search-load.test.ts): a radix tree of nested Maps, each key an edge's label, a
 * term's value under the key '' of the node its path ends at. `set` inserts one term from the root.
 */
export interface TermTree<V> {
  readonly _tree: Map<string, unknown>;
  set(term: string, value: V): unknown;
}

type Node = Map<string, unknown>;
const LEAF = '';

/**
 * Inserts `items` into `tree`, in order, leaving exactly the tree that `tree.set` of each in turn
 * leaves: the same nodes, each with its keys in the same order. `set` walks from the root and scans
 * each node's keys for the one the term goes on by. This keeps the previous term's path and starts
 * where the new term leaves it (after their common prefix), which is where `set` would branch
 * whenever the items come in the order MiniSearch lists a tree's terms (a packed index's order:
 * depth first, all the terms under one node together). Before adding a branch it checks that the
 * node has no key starting as the branch does; when one does (items in another order), that item is
 * inserted by `set` instead, and the next one starts again from the root (see `Branches`). So the
 * order changes only how fast this is, never what it builds. A tree that already holds terms is
 * filled by `set` alone: SearchableMap caches its size once it is not zero, and writing its Maps
 * directly, as this does, would leave that count stale (`set` clears it).
 */
export function insertInOrder<T, V>(
  tree: TermTree<V>,
  items: readonly T[],
  termOf: (item: T) => string,
  dataOf: (item: T) => V,
): void {
  if (tree._tree.size > 0) {
    for (const item of items) tree.set(termOf(item), dataOf(item));
    return;
  }
  // The previous term's path: path[i] is a node `depth[i]` UTF-16 units down it (path[0], the root).
  const path: Node[] = [tree._tree];
  const depth: number[] = [0];
  let prev = '';
  const branches = new Branches();
  for (const item of items) {
    const term = termOf(item);
    const max = Math.min(term.length, prev.length);
    let common = 0;
    while (common < max && term.charCodeAt(common) === prev.charCodeAt(common)) common++;
    let top = path.length - 1;
    while (depth[top]! > common) top--;
    let node = path[top]!;
    const at = depth[top]!;
    if (at < common) {
      // The terms part inside an edge of the previous path: split it where they part, as `set` does
      // (the new node replaces the edge, as the node's last key).
      const below = path[top + 1]!;
      const end = depth[top + 1]!;
      const middle: Node = new Map();
      middle.set(prev.slice(common, end), below);
      node.set(term.slice(at, common), middle);
      node.delete(prev.slice(at, end));
      node = middle;
      top++;
      path[top] = middle;
      depth[top] = common;
    } else if (term.length > common && branches.has(node, term.charCodeAt(common))) {
      tree.set(term, dataOf(item));
      path.length = 1;
      depth.length = 1;
      prev = '';
      continue;
    }
    if (term.length > common) {
      const end: Node = new Map();
      branches.added(node, term.charCodeAt(common));
      node.set(term.slice(common), end);
      node = end;
      top++;
      path[top] = end;
      depth[top] = term.length;
    }
    path.length = top + 1;
    depth.length = top + 1;
    node.set(LEAF, dataOf(item));
    prev = term;
  }
}

/** A node with more keys than this is asked through the set of its edges' first units. */
const SCAN_UP_TO = 8;

/**
 * Whether a node has an edge whose label starts with a given UTF-16 unit. A node with few keys is
 * scanned; one with more (the root of the `dtpr` release's Chinese index has 821, one per first
 * UTF-16 unit) gets the set of its edges' first units on its first question, kept as edges are
 * `added`, so that filling it is not quadratic. Splitting an edge keeps its first unit. A `set`
 * may add an edge the sets do not know of, but never to a node asked again: at the root it goes
 * down an edge the root has (adding none there); the next term starts again from the root, and the
 * loader only goes down edges it made itself, so only the root and nodes made after that `set` are
 * reached.
 */
class Branches {
  private readonly firsts = new Map<Node, Set<number>>();

  has(node: Node, first: number): boolean {
    if (node.size <= SCAN_UP_TO) {
      for (const key of node.keys()) if (key !== LEAF && key.charCodeAt(0) === first) return true;
      return false;
    }
    let units = this.firsts.get(node);
    if (units === undefined) {
      units = new Set();
      for (const key of node.keys()) if (key !== LEAF) units.add(key.charCodeAt(0));
      this.firsts.set(node, units);
    }
    return units.has(first);
  }

  added(node: Node, first: number): void {
    this.firsts.get(node)?.add(first);
  }
}

/** The edges of a node with more than SCAN_UP_TO keys, by their first UTF-16 unit: made on first ask. */
const edgesByFirst = new WeakMap<Node, Map<number, string>>();

/** The edge of `node` whose label starts with the unit `first` (a radix tree's node has at most one). */
function edgeFrom(node: Node, first: number): string | undefined {
  if (node.size <= SCAN_UP_TO) {
    for (const key of node.keys()) if (key !== LEAF && key.charCodeAt(0) === first) return key;
    return undefined;
  }
  let edges = edgesByFirst.get(node);
  if (edges === undefined) {
    edges = new Map();
    for (const key of node.keys()) if (key !== LEAF) edges.set(key.charCodeAt(0), key);
    edgesByFirst.set(node, edges);
  }
  return edges.get(first);
}

/**
 * Whether `root`'s tree holds `term`, as MiniSearch's `has` answers, but finding each node's edge by
 * its first unit rather than by a scan of every key with `startsWith` (a query cut over a Chinese
 * index asks dozens of candidate terms, and that index's root has 821 keys). Contract: the tree is
 * not changed once asked (a loaded index is read-only): a large node's edges are kept.
 */
export function hasTerm(root: Map<string, unknown>, term: string): boolean {
  let node = root;
  let at = 0;
  while (at < term.length) {
    const key = edgeFrom(node, term.charCodeAt(at));
    if (key === undefined || !term.startsWith(key, at)) return false;
    node = node.get(key) as Node;
    at += key.length;
  }
  return node.has(LEAF);
}

/**
 * Prefix searches a tree filled when walked answers from the terms under each prefix (a scan of every
 * term, and a small tree) before it fills itself: a first search or two asks fewer, and the tree
 * answers each in a walk down one branch.
 */
const PREFIX_READS_UNFILLED = 16;

/**
 * Defers filling `tree` (empty) with `items` until its nodes are first read. Until then its `get`
 * and `has` answer from `terms` (each item's term and data, a Map), which is all a query of exact
 * words asks (the locales without prefix or fuzzy matching: a first Chinese search read none of the
 * 4,603 terms' nodes it built), and its first PREFIX_READS_UNFILLED `atPrefix` from a tree of the
 * terms under the prefix alone (a prefix search without a fuzzy one, as an English query of words
 * the index knows makes). Anything else (a fuzzy search, iteration, its size, a change, more prefix
 * searches) reads `_tree`, which first fills it with `insertInOrder`: from then on the tree is the
 * one filling it now would have made, and answers alone (`terms` is let go). The answer says
 * whether the tree holds a term, from whichever holds them. Contract: `terms` holds exactly the
 * items' terms, each with its last item's data, as the tree would.
 */
export function fillWhenWalked<T, V>(
  tree: TermTree<V> & {
    get(term: string): V | undefined;
    has(term: string): boolean;
    atPrefix(prefix: string): unknown;
  },
  items: readonly T[],
  termOf: (item: T) => string,
  terms: ReadonlyMap<string, V>,
): (term: string) => boolean {
  const root = tree._tree;
  // The closures below hold the items and the Map only through this, let go once the tree is filled.
  let waiting: { items: readonly T[]; terms: ReadonlyMap<string, V> } | undefined = { items, terms };
  const fill = () => {
    const { items: all, terms: byTerm } = waiting!;
    waiting = undefined;
    // The tree's own methods again, and its nodes as a plain field, before it is filled through them.
    Object.defineProperty(tree, '_tree', { value: root, writable: true, enumerable: true, configurable: true });
    delete (tree as { get?: unknown }).get;
    delete (tree as { has?: unknown }).has;
    delete (tree as { atPrefix?: unknown }).atPrefix;
    // A read of the tree's `size` fills it midway through its count (the count set to 0, then the
    // nodes read), and a term `set` inserts clears that count: it is put back as the read left it.
    const size = (tree as { _size?: number })._size;
    insertInOrder(tree, all, termOf, (item) => byTerm.get(termOf(item))!);
    (tree as { _size?: number })._size = size;
  };
  Object.defineProperty(tree, '_tree', {
    enumerable: true,
    configurable: true,
    get() {
      fill();
      return root;
    },
  });
  let prefixReads = 0;
  Object.assign(tree, {
    get: (term: string) => waiting!.terms.get(term),
    has: (term: string) => waiting!.terms.has(term),
    // The terms under a prefix, as a tree of their own: it lists them in the order the whole tree's
    // branch under the prefix would (the order of a node's keys comes from the terms inserted under
    // it, and a term elsewhere only moves the whole branch among its siblings).
    atPrefix: (prefix: string) => {
      // Past a few prefix searches, the whole tree answers them faster: reading its nodes fills it.
      if (++prefixReads > PREFIX_READS_UNFILLED) {
        fill();
        return tree.atPrefix(prefix);
      }
      const { items: all } = waiting!;
      const under = new (tree.constructor as new () => TermTree<V>)();
      insertInOrder(
        under,
        all.filter((item) => termOf(item).startsWith(prefix)),
        termOf,
        (item) => waiting!.terms.get(termOf(item))!,
      );
      return under;
    },
  });
  return (term) => (waiting ? waiting.terms.has(term) : hasTerm(root, term));
}
