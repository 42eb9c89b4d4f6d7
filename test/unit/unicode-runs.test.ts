import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryWordsOf } from '../../src/services/search/words.js';
import { classOf, phrasePieces, withoutMarks, wordPieces } from '../../src/services/search/unicode-runs.js';

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

/** Units the table knows (letters, marks, spaces and breaks of every covered block) and a few it leaves out. */
const known = fc.constantFrom(
  ...'aZ9 ,-\u00A0\u3000\u202F\u2009\u200B\u2028\t\n\u0301\u0300éữª²×µ¼人脸识、，。１ｚ（ក្ា់។ៗ០៖ḿ々〆'.split(''),
);
const unknown = fc.constantFrom('ʰ', 'α', 'ж', '\u2030', '\uFF66', '𠀀', '\uD800', '\u17DE', '\u0085', '\uFEFF', '€');
/** Mostly text the table covers whole, some with a unit it leaves out, some of any units. */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: known, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(known, unknown), maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
      maxLength: 12,
    }),
  },
);

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
    // Assigned characters only: a later Unicode version may assign an unassigned one.
    const unassigned = [];
    for (let unit = 0; unit <= 0xffff; unit++)
      if (classOf(unit) !== 0 && /\p{Cn}/u.test(String.fromCharCode(unit))) unassigned.push(unit.toString(16));
    expect(unassigned).toEqual([]);
    // The blocks the served locales write in: ASCII, Latin, Khmer, CJK ideographs at least.
    expect(known).toBeGreaterThan(128 + 600 + 100 + 27_000);
  });

  it('splits text as the two word expressions split it (fixed seed)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(wordPieces(t)).toEqual(t.split(NOT_WORD));
        expect(phrasePieces(t)).toEqual(t.split(PHRASE_BREAK));
      }),
      { seed: 75, numRuns: 3000 },
    );
  });

  it('drops marks as the mark expression drops them (fixed seed)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(withoutMarks(t)).toBe(t.replace(MARKS, ''));
        expect(withoutMarks(t.normalize('NFD'))).toBe(t.normalize('NFD').replace(MARKS, ''));
      }),
      { seed: 75, numRuns: 3000 },
    );
  });

  it('answers from the table, without running an expression, for text it covers whole', () => {
    const split = vi.spyOn(String.prototype, 'split');
    const replace = vi.spyOn(String.prototype, 'replace');
    const byProperty = (spy: typeof split | typeof replace) =>
      spy.mock.calls.filter(([by]) => by instanceof RegExp && by.source.includes('\\p{')).length;
    expect(phrasePieces('识别人脸，摄像头 ')).toEqual(['识别人脸', '摄像头 ']);
    expect(wordPieces('caméra, données')).toEqual(['caméra', 'données']);
    expect(withoutMarks('ca\u0301me\u0301ra')).toBe('camera');
    expect(byProperty(split) + byProperty(replace)).toBe(0);
    // A unit the table leaves out (Cyrillic): the expression answers.
    expect(wordPieces('камера, a')).toEqual(['камера', 'a']);
    expect(byProperty(split)).toBe(1);
    vi.restoreAllMocks();
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
    expect(covered).toBe(1); // '的' is no index term: its run is segmented
    expect(words('识别人脸')).toEqual(['识别', '人脸', '识别 人脸']);
    expect(segment.mock.calls.length).toBe(covered);
    expect(words('识别猫')).toContain('猫');
    expect(segment.mock.calls.length).toBe(covered + 1);
  });
});
