import type { AsPlainObject } from 'minisearch';
import { z } from 'zod';

/**
 * A search index as a bundle carries it: MiniSearch's `toJSON()` form without stored fields, its
 * postings packed into strings. Documents are numbered by their position in `documentIds`.
 * `terms` lists the index terms separated by spaces; `postings` has one entry per term, in the same
 * order, separated by "|"; an entry lists per field `<fieldId>:<doc>,<doc>*<count>,...`, fields
 * separated by ";" (a count of 1 is left out). Index terms are letters and digits only.
 */
export const PackedIndex = z.object({
  documentIds: z.array(z.string()),
  fieldIds: z.record(z.string(), z.int()),
  fieldLengths: z.array(z.array(z.int())),
  averageFieldLength: z.array(z.number()),
  terms: z.string(),
  postings: z.string(),
});
export type PackedIndex = z.infer<typeof PackedIndex>;

/** Packs a freshly built index (documents numbered 0..n-1, nothing removed). */
export function packIndex(plain: AsPlainObject): PackedIndex {
  const documentIds = Object.entries(plain.documentIds).map(([shortId, id], i) => {
    if (Number(shortId) !== i) throw new Error('packIndex: document numbers are not 0..n-1');
    return String(id);
  });
  const postings = plain.index.map(([, fields]) => Object.entries(fields)
    .map(([fieldId, docs]) => `${fieldId}:${Object.entries(docs).map(([doc, n]) => (n === 1 ? doc : `${doc}*${n}`)).join(',')}`)
    .join(';'));
  return {
    documentIds,
    fieldIds: plain.fieldIds,
    fieldLengths: documentIds.map((_, i) => plain.fieldLength[i]!),
    averageFieldLength: plain.averageFieldLength,
    terms: plain.index.map(([term]) => term).join(' '),
    postings: postings.join('|'),
  };
}

/** MiniSearch's plain-object form of a packed index, for `MiniSearch.loadJS`. */
export function unpackIndex(packed: PackedIndex): AsPlainObject {
  const postings = packed.postings.split('|');
  const terms = packed.terms === '' ? [] : packed.terms.split(' ');
  const index = terms.map((term, i): AsPlainObject['index'][number] => {
    const fields: AsPlainObject['index'][number][1] = {};
    for (const field of postings[i]!.split(';')) {
      const [fieldId, docs] = field.split(':') as [string, string];
      const counts: Record<string, number> = {};
      for (const doc of docs.split(',')) {
        const [id, n] = doc.split('*');
        counts[id!] = n === undefined ? 1 : Number(n);
      }
      fields[fieldId] = counts;
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
