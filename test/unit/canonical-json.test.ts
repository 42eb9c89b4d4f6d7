import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';

/** The recipe of docs/content-hash.md, written value by value: what canonicalJson must equal. */
function reference(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`;
  const record = v as Record<string, unknown>;
  const parts = Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${reference(record[k])}`);
  return `{${parts.join(',')}}`;
}

/** JSON values whose keys include array indexes, near-sorted and unsorted runs, and non-ASCII. */
const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom(
    '0',
    '1',
    '9',
    '10',
    '01',
    '4294967294',
    '4294967295',
    '-1',
    'a',
    'B',
    'é',
    'e',
    '\u{1F600}',
    'toJSON',
    '__proto__',
    'constructor',
  ),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.constant(null), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string()),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
  ),
})).value;

const RUNS = { seed: 20261126, numRuns: 2000 };

describe('canonicalJson against the recipe', () => {
  it('writes every JSON value as the value-by-value recipe does', () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
        // Independent of key order: the same data parsed from its canonical text.
        expect(canonicalJson(JSON.parse(canonicalJson(v)))).toBe(reference(v));
      }),
      RUNS,
    );
  });

  it('reuses nothing it should not: the input is left as it was', () => {
    fc.assert(
      fc.property(json, (v) => {
        const before = JSON.stringify(v);
        canonicalJson(v);
        expect(JSON.stringify(v)).toBe(before);
      }),
      RUNS,
    );
  });

  it('writes an object by its own keys: no toJSON, no prototype, boxed values as objects', () => {
    expect(canonicalJson({ b: 1, a: new Date(0) })).toBe('{"a":{},"b":1}');
    expect(canonicalJson({ a: { toJSON: () => 'x', z: 1 } })).toBe('{"a":{"z":1}}');
    const withMethod = Object.assign([1, 2], { toJSON: () => 'x' });
    expect(canonicalJson(withMethod)).toBe('[1,2]');
    expect(canonicalJson(Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } }))).toBe('{"own":2}');
    expect(canonicalJson(new Array(3).fill(1, 0, 1).fill(3, 2))).toBe('[1,null,3]');
    expect(canonicalJson({ f: () => 1, s: Symbol('s'), u: undefined, k: 1 })).toBe('{"k":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('writes a "__proto__" key as a key, in order or not (JSON.parse makes it an own key)', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1},"b":1}');
    expect(canonicalJson(JSON.parse('{"__proto__":null,"b":5}'))).toBe('{"__proto__":null,"b":5}');
    expect(canonicalJson(JSON.parse('{"z":{"b":2,"__proto__":5}}'))).toBe('{"z":{"__proto__":5,"b":2}}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"b":1,"a":2},"c":3}'))).toBe('{"__proto__":{"a":2,"b":1},"c":3}');
  });

  it('throws a TypeError on a cycle, in both writers', () => {
    const a: Record<string, unknown> = { b: 1 };
    a.self = a;
    expect(() => canonicalJson(a)).toThrow(TypeError);
    const indexed: Record<string, unknown> = { '1': 1 };
    indexed.self = { inner: indexed };
    expect(() => canonicalJson(indexed)).toThrow(TypeError);
  });
});
