import { describe, expect, it } from 'vitest';
import { MadeOnRead } from '../../src/core/made-on-read.js';

// Decision 068: a served release's validator pool makes each element's rules view on first read.

const source = new Map([
  ['b', 2],
  ['a', 1],
  ['c', 3],
]);

/** A MadeOnRead over `source` that doubles each value, and the values it was asked to make, in order. */
const doubled = () => {
  const made: number[] = [];
  const map = new MadeOnRead(source, (n: number) => {
    made.push(n);
    return { n: n * 2 };
  });
  return { map, made };
};

describe('a map made on read', () => {
  it('answers size, has and keys from its source, making nothing', () => {
    const { map, made } = doubled();
    expect(map.size).toBe(3);
    expect(map.has('a')).toBe(true);
    expect(map.has('z')).toBe(false);
    expect([...map.keys()]).toEqual(['b', 'a', 'c']);
    expect(map.get('z')).toBeUndefined();
    expect(made).toEqual([]);
  });

  it('makes a value on its first read only, and answers the same object after', () => {
    const { map, made } = doubled();
    const a = map.get('a');
    expect(a).toEqual({ n: 2 });
    expect(map.get('a')).toBe(a);
    expect(made).toEqual([1]);
  });

  it('reads as a Map of the made values does: entries, values, iteration and forEach in the source order', () => {
    const { map, made } = doubled();
    const first = map.get('c');
    const expected = new Map([...source].map(([k, v]) => [k, { n: v * 2 }]));
    expect([...map.entries()]).toEqual([...expected.entries()]);
    expect([...map.values()]).toEqual([...expected.values()]);
    expect([...map]).toEqual([...expected]);
    const seen: [string, unknown][] = [];
    map.forEach((value, key, self) => {
      expect(self).toBe(map);
      seen.push([key, value]);
    });
    expect(seen).toEqual([...expected]);
    expect(map.get('c')).toBe(first);
    // Each value made once, whichever read came first.
    expect(made).toEqual([3, 2, 1]);
  });

  it('keeps no value whose making failed: each read of it fails again, and a later success is kept', () => {
    let fail = true;
    let calls = 0;
    const map = new MadeOnRead(source, (n: number) => {
      calls++;
      if (fail) throw new Error(`no ${n}`);
      return n;
    });
    expect(() => map.get('a')).toThrow('no 1');
    expect(() => map.get('a')).toThrow('no 1');
    fail = false;
    expect(map.get('a')).toBe(1);
    expect(map.get('a')).toBe(1);
    expect(calls).toBe(3);
  });
});
