import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAscii } from '../../src/core/utf8.js';
import { wordsAtMost } from '../../src/services/render/view/excerpt.js';
import { fold } from '../../src/services/search/text.js';
import { wordsOf } from '../../src/services/search/words.js';

// ASCII text is matched by ASCII patterns where Unicode property classes would answer the same
// (their first use costs a fresh isolate 0.4-0.9 ms each): checked against those classes.

/** ASCII text, and text of any code units, with runs of letters, digits, marks and `_` in both. */
const ascii = fc.string({ unit: 'binary-ascii', maxLength: 60 });
const any = fc.oneof(
  ascii,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('a', 'Z', '9', '_', ' ', '-', 'é', 'e\u0301', '\u202F', '字', 'ª', '²'),
    maxLength: 20,
  }),
);

describe('ASCII text takes ASCII patterns with the same answers', () => {
  it('isAscii says whether every unit is under 0x80', () => {
    expect(isAscii('')).toBe(true);
    expect(isAscii('\u0000a~\u007f')).toBe(true);
    expect(isAscii('\u0080')).toBe(false);
    expect(isAscii('caméra')).toBe(false);
  });

  it('a spaced locale cuts words as the Unicode classes cut them (fixed seed)', () => {
    const words = wordsOf('en');
    fc.assert(
      fc.property(any, (text) => {
        expect(words(text)).toEqual(text.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u));
      }),
      { seed: 68, numRuns: 1500 },
    );
  });

  it('folding removes the marks of the NFD form, and leaves ASCII as it is (fixed seed)', () => {
    fc.assert(
      fc.property(any, (text) => {
        expect(fold(text)).toBe(text.normalize('NFD').replace(/\p{M}/gu, ''));
      }),
      { seed: 68, numRuns: 1500 },
    );
  });

  it("an excerpt's bound on words counts the Unicode runs (fixed seed)", () => {
    const runs = (text: string) => text.match(/[\p{L}\p{Nd}\p{M}\p{Pc}\u202F]+/gu)?.length ?? 0;
    fc.assert(
      fc.property(any, (text) => {
        const bound = wordsAtMost(text);
        if (bound !== Number.POSITIVE_INFINITY) expect(bound).toBe(runs(text));
      }),
      { seed: 68, numRuns: 1500 },
    );
    expect(wordsAtMost('snake_case and  9 lives')).toBe(4);
  });
});
