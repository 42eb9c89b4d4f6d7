import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import * as z from 'zod';
import { fillWhenWalked, type TermTree } from './term-tree.js';

/**
 * A search index as a bundle carries it: MiniSearch's `toJSON()` form without stored fields and
 * with its postings in arrays. Documents are numbered by their position in `documentIds`. Each
 * `index` entry is `[term, [fieldId, doc, doc, ...], [fieldId, ...], ...]`: the documents whose
 * field holds the term; a doc that holds it more than once is followed by the count, negated
 * (`[2, 5, 9, -3]`: field 2 of doc 5 once and of doc 9 three times).
 */
export const PackedIndex = z.object({
  documentIds: z.array(z.string()),
  fieldIds: z.record(z.string(), z.int()),
  fieldLengths: z.array(z.array(z.int())),
  averageFieldLength: z.array(z.number()),
  index: z.array(z.tuple([z.string()], z.array(z.int()))),
});
export type PackedIndex = z.infer<typeof PackedIndex>;

type Entry = AsPlainObject['index'][number];

/** Packs a freshly built index (documents numbered 0..n-1, nothing removed). */
export function packIndex(plain: AsPlainObject): PackedIndex {
  const documentIds = Object.entries(plain.documentIds).map(([shortId, id], i) => {
    if (Number(shortId) !== i) throw new Error('packIndex: document numbers are not 0..n-1');
    return String(id);
  });
  const pack = ([term, fields]: Entry): PackedIndex['index'][number] => [
    term,
    ...Object.entries(fields).map(([fieldId, docs]) => [
      Number(fieldId),
      ...Object.entries(docs).flatMap(([doc, n]) => (n === 1 ? [Number(doc)] : [Number(doc), -n])),
    ]),
  ];
  return {
    documentIds,
    fieldIds: plain.fieldIds,
    fieldLengths: documentIds.map((_, i) => plain.fieldLength[i]!),
    averageFieldLength: plain.averageFieldLength,
    index: plain.index.map(pack),
  };
}

/** One packed `index` entry: `[term, [fieldId, doc, doc, -count, ...], ...]`. */
type PackedEntry = PackedIndex['index'][number];

type Postings = Map<number, Map<number, number>>;

/**
 * One term's postings (field -> document -> count) as MiniSearch reads them, built from the packed
 * entry when first read. A search reads the postings of the few terms it matches, so a load builds
 * none (building every term's maps was most of a first search's load, and of its garbage); until
 * then a term holds only its packed entry, not an empty Map (a Chinese index has 4,600 terms).
 * Every Map method MiniSearch or a test may call builds the map first and answers from it, so
 * nothing that reads it sees the difference (MiniSearch only calls its methods; it never asks
 * whether it is a Map).
 */
class PackedPostings {
  private packed: PackedEntry | undefined;
  private map: Postings | undefined;

  constructor(entry: PackedEntry) {
    this.packed = entry;
  }

  private filled(): Postings {
    if (this.map !== undefined) return this.map;
    const map: Postings = new Map();
    const entry = this.packed!;
    this.packed = undefined;
    for (let j = 1; j < entry.length; j++) {
      const posting = entry[j] as number[];
      const counts = new Map<number, number>();
      for (let i = 1; i < posting.length; i++) {
        const doc = posting[i]!;
        const next = posting[i + 1] ?? 0;
        counts.set(doc, next < 0 ? -next : 1);
        if (next < 0) i++;
      }
      map.set(posting[0]!, counts);
    }
    this.map = map;
    return map;
  }

  get size(): number {
    return this.filled().size;
  }
  get(field: number) {
    return this.filled().get(field);
  }
  has(field: number): boolean {
    return this.filled().has(field);
  }
  set(field: number, docs: Map<number, number>): this {
    this.filled().set(field, docs);
    return this;
  }
  delete(field: number): boolean {
    return this.filled().delete(field);
  }
  clear(): void {
    this.packed = undefined;
    this.map = new Map();
  }
  forEach(fn: (docs: Map<number, number>, field: number, map: Postings) => void, that?: unknown): void {
    for (const [field, docs] of this.filled()) fn.call(that, docs, field, this as unknown as Postings);
  }
  keys() {
    return this.filled().keys();
  }
  values() {
    return this.filled().values();
  }
  entries() {
    return this.filled().entries();
  }
  [Symbol.iterator]() {
    return this.filled().entries();
  }
}

/** The fields of a MiniSearch instance that `loadJS` fills (minisearch 7.2; checked by test/unit/search-load.test.ts). */
interface LoadedFields {
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldLength: Map<number, number[]>;
  _index: TermTree<Postings> & {
    get(term: string): Postings | undefined;
    has(term: string): boolean;
    atPrefix(prefix: string): unknown;
  };
}

/**
 * A MiniSearch index loaded from a packed index, equal to `MiniSearch.loadJS` of the packed index
 * in MiniSearch's plain-object form (test/helpers/search-index.ts) without that middle step: the
 * terms go straight into the tree MiniSearch searches (`insertInOrder`: the packed order is the
 * order MiniSearch listed them in, which it inserts fastest), each with its postings built on first
 * read (`PackedPostings`). The tree is filled when first walked (`fillWhenWalked`): a query of exact
 * words reads its terms from a Map. `hasTerm` says whether the index holds a term.
 */
export function loadPackedIndex<T>(
  packed: PackedIndex,
  options: Options<T>,
): { miniSearch: MiniSearch<T>; hasTerm(term: string): boolean } {
  const count = packed.documentIds.length;
  const miniSearch = MiniSearch.loadJS<T>(
    {
      documentCount: count,
      nextId: count,
      documentIds: {},
      fieldIds: packed.fieldIds,
      fieldLength: {},
      averageFieldLength: packed.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    options,
  );
  const fields = miniSearch as unknown as LoadedFields;
  packed.documentIds.forEach((id, doc) => {
    fields._documentIds.set(doc, id);
    fields._idToShortId.set(id, doc);
    fields._fieldLength.set(doc, packed.fieldLengths[doc]!);
  });
  const terms = new Map<string, Postings>();
  for (const entry of packed.index) terms.set(entry[0], new PackedPostings(entry) as unknown as Postings);
  const hasTerm = fillWhenWalked(fields._index, packed.index, (entry) => entry[0], terms);
  return { miniSearch, hasTerm };
}
