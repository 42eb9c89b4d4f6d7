import { describe, expect, it } from 'vitest';
import { utf8SizeOver } from '../../src/core/utf8.js';

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
