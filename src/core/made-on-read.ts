/**
 * A map whose values are made from another map's on first read, each once, and kept: it has the
 * source's keys in the source's order, and `has`, `size` and the keys never read a source value.
 * So a caller that asks for a few keys makes (and the source reads) those alone; iterating the
 * values makes every one. A value whose `make` throws is not kept: each read of it throws again.
 */
export class MadeOnRead<S, T> implements ReadonlyMap<string, T> {
  private readonly made = new Map<string, T>();

  constructor(
    private readonly source: ReadonlyMap<string, S>,
    private readonly make: (value: S) => T,
  ) {}

  get size(): number {
    return this.source.size;
  }

  get(key: string): T | undefined {
    const hit = this.made.get(key);
    if (hit !== undefined) return hit;
    const value = this.source.get(key);
    if (value === undefined) return undefined;
    const made = this.make(value);
    this.made.set(key, made);
    return made;
  }

  has(key: string): boolean {
    return this.source.has(key);
  }

  keys(): MapIterator<string> {
    return this.source.keys();
  }

  *entries(): MapIterator<[string, T]> {
    for (const key of this.source.keys()) yield [key, this.get(key)!];
  }

  *values(): MapIterator<T> {
    for (const key of this.source.keys()) yield this.get(key)!;
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
