import type { MaterializedElement } from '../domain/content.js';
import type { PackedElements } from './packed-elements.js';

/**
 * A release's elements by id, over its packed elements (`packed-elements.ts`): the ids are known from
 * the start, and an element is parsed when it is first asked for, so a call that reads a few
 * elements parses those alone (decision 067). It answers as `new Map(elements.map((e) => [e.id, e]))`
 * would: the same keys in the same order, a repeated id answering its last element; but reading a
 * damaged element (`get`, `values`, `entries`, ...) throws its StorageFailure, and `has` and the
 * keys answer from the ids, without reading any.
 */
export class ElementsById implements ReadonlyMap<string, MaterializedElement> {
  /** Each id's position in the release's elements. */
  private readonly positions: Map<string, number>;

  constructor(private readonly elements: PackedElements) {
    this.positions = new Map(elements.ids.map((id, i) => [id, i]));
  }

  get size(): number {
    return this.positions.size;
  }

  get(id: string): MaterializedElement | undefined {
    const i = this.positions.get(id);
    return i === undefined ? undefined : this.elements.at(i);
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  keys(): MapIterator<string> {
    return this.positions.keys();
  }

  *entries(): MapIterator<[string, MaterializedElement]> {
    for (const [id, i] of this.positions) yield [id, this.elements.at(i)];
  }

  *values(): MapIterator<MaterializedElement> {
    for (const i of this.positions.values()) yield this.elements.at(i);
  }

  [Symbol.iterator](): MapIterator<[string, MaterializedElement]> {
    return this.entries();
  }

  forEach(
    callback: (value: MaterializedElement, key: string, map: ReadonlyMap<string, MaterializedElement>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, element] of this.entries()) callback.call(thisArg, element, id, this);
  }
}
