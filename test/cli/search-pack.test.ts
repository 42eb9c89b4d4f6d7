import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { PackedIndex, packIndex } from '../../src/services/search/pack.js';
import { unpackIndex } from '../helpers/search-index.js';

describe('packed search index', () => {
  it('unpacks to the form MiniSearch serialized, and searches the same', () => {
    const options = { fields: ['title', 'text'] };
    const index = new MiniSearch(options);
    index.addAll([
      { id: 'a', title: 'camera camera', text: 'street camera' },
      { id: 'b', title: 'sensor', text: '' },
      { id: 'c', title: '', text: 'camera 30 days' },
    ]);
    const packed = PackedIndex.parse(JSON.parse(JSON.stringify(packIndex(index.toJSON()))));
    expect(packed.index.find(([term]) => term === 'camera')).toEqual(['camera', [0, 0, -2], [1, 0, 2]]);
    expect(unpackIndex(packed)).toEqual(JSON.parse(JSON.stringify(index)));
    const loaded = MiniSearch.loadJS(unpackIndex(packed), options);
    expect(loaded.search('camera')).toEqual(index.search('camera'));
  });
  it('packs an empty index', () => {
    const index = new MiniSearch({ fields: ['title'] });
    expect(unpackIndex(packIndex(index.toJSON())).index).toEqual([]);
  });
});
