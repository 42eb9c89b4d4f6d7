import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryWordsOf } from '../../src/services/search/words.js';
import { classOf, splitOutside, withoutMarks } from '../../src/services/search/unicode-runs.js';

// The word rules read the Unicode classes of the served locales' blocks from a table (no expression
// to compile on a first search): held here to the runtime's own classes, unit by unit.

const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
const PHRASE_BREAK = /[^\p{L}\p{M}\p{N}\p{Zs}]+/u;
const MARKS = /\p{M}/gu;

/** The class the runtime gives one unit, numbered as the table numbers them (1 letter or number, 2 mark, 3 space, 4 other). */
function runtimeClass(unit: string): number {
  if (/[\p{L}\p{N}]/u.test(unit)) return 1;
  if (/\p{M}/u.test(unit)) return 2;
  if (/\p{Zs}/u.test(unit)) return 3;
  return 4;
}

/** Text of units the table knows, units it leaves out, and the boundaries between them. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', '9', ' ', ',', '-', '\u00A0', '\u3000', '\u202F', '\u200B', '\u2028', '\u0301'),
    fc.constantFrom('é', 'ữ', 'ª', '²', '×', '人', '脸', '、', '，', '１', 'ｚ', 'ក', 'ា', '្', '។', 'ៗ', '០'),
    fc.constantFrom('ʰ', 'α', 'ж', '\u2030', '\uFF66', '𠀀', '\uD800', '\u17DE'),
    fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  ),
  maxLength: 24,
});

describe('the Unicode classes of the word rules, read from a table', () => {
  it('gives every unit it knows the class the runtime gives it, and knows no surrogate', () => {
    const wrong: string[] = [];
    let known = 0;
    for (let unit = 0; unit <= 0xffff; unit++) {
      const c = classOf(unit);
      if (c === 0) continue;
      known++;
      const runtime = runtimeClass(String.fromCharCode(unit));
      if (unit >= 0xd800 && unit <= 0xdfff) wrong.push(`U+${unit.toString(16)} is a surrogate`);
      else if (c !== runtime) wrong.push(`U+${unit.toString(16)}: ${c}, the runtime ${runtime}`);
    }
    expect(wrong).toEqual([]);
    // The blocks the served locales write in: ASCII, Latin, Khmer, CJK ideographs at least.
    expect(known).toBeGreaterThan(128 + 600 + 100 + 27_000);
  });

  it('splits text as the two word expressions split it (fixed seed)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(splitOutside(t, false, NOT_WORD)).toEqual(t.split(NOT_WORD));
        expect(splitOutside(t, true, PHRASE_BREAK)).toEqual(t.split(PHRASE_BREAK));
      }),
      { seed: 75, numRuns: 3000 },
    );
  });

  it('drops marks as the mark expression drops them (fixed seed)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(withoutMarks(t, MARKS)).toBe(t.replace(MARKS, ''));
        expect(withoutMarks(t.normalize('NFD'), MARKS)).toBe(t.normalize('NFD').replace(MARKS, ''));
      }),
      { seed: 75, numRuns: 3000 },
    );
  });

  it('asks the expression only for text holding a unit the table leaves out', () => {
    const never = /(?!)/u;
    expect(splitOutside('识别人脸，摄像头 ', true, never)).toEqual(['识别人脸', '摄像头 ']);
    expect(splitOutside('caméra, données', false, never)).toEqual(['caméra', 'données']);
    expect(withoutMarks('ca\u0301me\u0301ra', never)).toBe('camera');
    expect(splitOutside('камера, a', false, never)).toEqual(['камера, a']);
    expect(withoutMarks('ка\u0301мера', never)).toBe('ка\u0301мера');
  });
});

describe("a query's segmented words", () => {
  afterEach(() => vi.restoreAllMocks());

  it('are cut by the runtime segmenter only where no index term covers the text', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const terms = new Set(['识别', '人脸', '摄像头']);
    const words = queryWordsOf('zh-Hans', (w) => terms.has(w));
    expect(words('识别人脸的摄像头')).toEqual(expect.arrayContaining(['识别', '人脸', '摄像头']));
    const covered = segment.mock.calls.length;
    expect(words('识别人脸')).toEqual(['识别', '人脸', '识别 人脸']);
    expect(segment.mock.calls.length).toBe(covered);
    expect(words('识别猫')).toContain('猫');
    expect(segment.mock.calls.length).toBe(covered + 1);
  });
});
