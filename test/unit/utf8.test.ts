import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length, utf8SizeOver } from '../../src/core/utf8.js';

describe('utf8SizeOver', () => {
  it('answers the UTF-8 size only when it is over the limit', () => {
    expect(utf8SizeOver('abc', 9)).toBeNull();
    expect(utf8SizeOver('abcd', 3)).toBe(4);
    expect(utf8SizeOver('ééé', 6)).toBeNull();
    expect(utf8SizeOver('éééé', 7)).toBe(8);
    expect(utf8SizeOver('€€€', 9)).toBeNull();
    expect(utf8SizeOver('😀😀', 7)).toBe(8);
    expect(utf8SizeOver('\ud800x', 3)).toBe(4);
  });
});

describe('utf8Length', () => {
  it('counts what TextEncoder writes, lone surrogates included (fixed seed)', () => {
    for (const text of ['', 'abc', 'é€😀', '\ud800', '\udc00\ud800', 'a\ud83d']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
      }),
      { seed: 20261126, numRuns: 2000 },
    );
  });

  it('counts long text, over and under the kept scratch buffer, and short text after it', () => {
    const ascii = (n: number) => 'a'.repeat(n);
    for (const text of [
      'é'.repeat(300_000),
      `${'a€'.repeat(200_000)}\ud800`,
      'é😀'.repeat(40_000),
      'é\udc00',
      'ab',
      ascii(1024),
      ascii(1025),
      `${ascii(5_000)}é`,
      ascii(400_000),
    ])
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
  });
});
