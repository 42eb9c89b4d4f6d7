import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import * as z from 'zod';

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

/** The fields of a MiniSearch instance that `loadJS` fills (minisearch 7.2; checked by test/unit/search-load.test.ts). */
interface LoadedFields {
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldLength: Map<number, number[]>;
  _index: { set(term: string, data: Map<number, Map<number, number>>): unknown };
}

/**
 * A MiniSearch index loaded from a packed index, equal to `MiniSearch.loadJS` of the packed index
 * in MiniSearch's plain-object form (test/helpers/search-index.ts) without that middle step: the postings go from the packed arrays straight into the
 * maps MiniSearch searches (building, then dropping, those objects was about half of a load).
 */
export function loadPackedIndex<T>(packed: PackedIndex, options: Options<T>): MiniSearch<T> {
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
  for (const [term, ...postings] of packed.index) {
    const data = new Map<number, Map<number, number>>();
    for (const posting of postings) {
      const counts = new Map<number, number>();
      for (let i = 1; i < posting.length; i++) {
        const doc = posting[i]!;
        const next = posting[i + 1] ?? 0;
        counts.set(doc, next < 0 ? -next : 1);
        if (next < 0) i++;
      }
      data.set(posting[0]!, counts);
    }
    fields._index.set(term, data);
  }
  return miniSearch;
}
