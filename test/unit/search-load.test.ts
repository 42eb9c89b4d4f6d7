import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/domain/bundle.js';
import type { LocaleCode } from '../../src/domain/locale.js';
import { indexOptions } from '../../src/services/search/options.js';
import { loadPackedIndex, type PackedIndex } from '../../src/services/search/pack.js';
import { unpackIndex } from '../helpers/search-index.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';

type Postings = Map<number, Map<number, number>>;
/** A MiniSearch's terms and postings as nested arrays, in the order it iterates them. */
function inOrder(index: object): unknown[] {
  const tree = (index as unknown as { _index: Iterable<[string, Postings]> })._index;
  return [...tree].map(([term, fields]) => [term, [...fields].map(([field, docs]) => [field, [...docs]])]);
}

const QUERIES = ['camera', 'faces', 'data retention', 'vidéo', 'health', 'sensor', 'ai'];

describe('a packed search index loads straight into MiniSearch', () => {
  it('equals what MiniSearch.loadJS builds from the unpacked index, for every shipped release and locale', () => {
    let checked = 0;
    for (const [id, text] of Object.entries(BUNDLES)) {
      const bundle = JSON.parse(text) as Bundle;
      for (const [locale, raw] of Object.entries(bundle.search_index)) {
        const packed = raw as PackedIndex;
        const options = indexOptions(locale as LocaleCode);
        const fast = loadPackedIndex(packed, options);
        const slow = MiniSearch.loadJS(unpackIndex(packed), options);
        // Every field of the instance (the term tree, postings, document numbers both ways, lengths).
        expect(fast, `${id} ${locale}`).toEqual(slow);
        expect(JSON.stringify(fast), `${id} ${locale}`).toBe(JSON.stringify(slow));
        // toEqual does not see the order of a Map's entries: the terms and postings, in order.
        expect(inOrder(fast), `${id} ${locale}`).toEqual(inOrder(slow));
        for (const q of QUERIES)
          expect(fast.search(q, { prefix: true, fuzzy: 0.2 })).toEqual(slow.search(q, { prefix: true, fuzzy: 0.2 }));
        const first = packed.documentIds[0]!;
        expect(fast.has(first)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('loads an empty index', () => {
    const empty = { documentIds: [], fieldIds: { title: 0 }, fieldLengths: [], averageFieldLength: [0], index: [] };
    const options = { fields: ['title'] };
    expect(loadPackedIndex(empty, options)).toEqual(MiniSearch.loadJS(unpackIndex(empty), options));
    expect(loadPackedIndex(empty, options).search('x')).toEqual([]);
  });
});
