import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../src/domain/locale.js';
import { excerpt, isOneSentence, RUN_BOUNDED, wordsAtMost } from '../../src/services/render/view/excerpt.js';

const segmenters = new Map<string, Intl.Segmenter>();
/** The runtime's segmenter of `granularity` for `lang`, made once. */
function segmenter(lang: string, granularity: 'word' | 'sentence'): Intl.Segmenter {
  const key = `${lang}|${granularity}`;
  let s = segmenters.get(key);
  if (!s) segmenters.set(key, (s = new Intl.Segmenter(lang, { granularity })));
  return s;
}

/** The words the runtime's segmenter finds in `text`, read in `lang`. */
function segmented(text: string, lang: string): number {
  let n = 0;
  for (const w of segmenter(lang, 'word').segment(text)) if (w.isWordLike) n++;
  return n;
}

/** Every character RUN_BOUNDED lets through, by its blocks. */
const BLOCKS: Array<[number, number]> = [
  [0x00, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
];
const BOUNDED_CHARS = BLOCKS.flatMap(([a, b]) =>
  Array.from({ length: b - a + 1 }, (_, i) => String.fromCharCode(a + i)),
).filter((c) => c !== '\u00b8');
/** What author texts are mostly made of, so generated texts have words, spaces and marks between them. */
const USUAL = ['a', 'é', 'ж', 'λ', 'ư', '7', ' ', ' ', '.', ',', "'", '\u2019', '-', ':', '\u0301', '\u00a0', '\u202f'];

describe('the word bound of an excerpt', () => {
  it('lets through only the blocks it names', () => {
    expect(BOUNDED_CHARS.every((c) => RUN_BOUNDED.test(c))).toBe(true);
    for (const c of ['\u00b8', '\u0250', '\u02c2', '\u3000', '\u30fc', 'ア', '中', 'ក', 'ไ', '😀'])
      expect(RUN_BOUNDED.test(c)).toBe(false);
  });

  it('is never below the words the segmenter finds, for every character of those blocks and every locale', () => {
    for (const lang of LOCALE_CODES) {
      for (const c of BOUNDED_CHARS) {
        for (const text of [c, `a${c}b`, `a ${c} b`, `1${c}2`, `${c}${c}`, `é${c}ж`]) {
          if (segmented(text, lang) > wordsAtMost(text)) throw new Error(`${lang}: ${JSON.stringify(text)}`);
        }
      }
    }
  });

  it('is never below the words the segmenter finds in mixed texts (fixed seed)', () => {
    const char = fc.oneof(fc.constantFrom(...BOUNDED_CHARS), fc.constantFrom(...USUAL), fc.constantFrom(...USUAL));
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 24 }), fc.constantFrom(...LOCALE_CODES), (chars, lang) => {
        const text = chars.join('');
        expect(segmented(text, lang)).toBeLessThanOrEqual(wordsAtMost(text));
      }),
      { seed: 20261126, numRuns: 3000 },
    );
  });

  it('gives no bound for scripts written without spaces', () => {
    expect(wordsAtMost('数据用于改善交通')).toBe(Number.POSITIVE_INFINITY);
    expect(wordsAtMost('ទិន្នន័យ')).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps a short sentence whole and cuts a long one as segmenting it would', () => {
    const short = 'Cameras at 40 intersections count vehicles, cyclists and pedestrians to retime traffic lights.';
    expect(excerpt({ text: short }, 'en')).toEqual({ text: { text: short }, cut: false });
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const cut = excerpt({ text: long }, 'en');
    expect(cut.cut).toBe(true);
    expect(cut.text.text).toBe(`${Array.from({ length: 25 }, (_, i) => `word${i}`).join(' ')}\u2026`);
  });
});

/** The first sentence the runtime's segmenter finds in `text`, read in `lang`, trimmed. */
function firstSentence(text: string, lang: string): string {
  return segmenter(lang, 'sentence').segment(text)[Symbol.iterator]().next().value!.segment.trim();
}

describe('a text known to be one sentence', () => {
  const ENDS = ['.', '!', '?', '...', '?!', '.\u201d', '.)', '\u2047', '\u2024'];
  const BREAKS = ['.', '!', '?', '\n', '\u2029', '\u0085', '\u203c'];

  it('is one sentence for the segmenter too, for every locale (fixed seed)', () => {
    let claimed = 0;
    const char = fc.oneof(fc.constantFrom(...BOUNDED_CHARS), fc.constantFrom(...USUAL), fc.constantFrom(...USUAL));
    fc.assert(
      fc.property(
        fc.array(char, { minLength: 1, maxLength: 40 }),
        fc.constantFrom('', ...ENDS),
        fc.constantFrom(...LOCALE_CODES),
        (chars, end, lang) => {
          const text = `${chars.join('')}${end}`.trim();
          if (text === '' || !isOneSentence(text)) return;
          claimed++;
          expect(firstSentence(text, lang)).toBe(text);
        },
      ),
      { seed: 20261126, numRuns: 3000 },
    );
    // Most generated texts end in one of ENDS or nothing, so most are claimed and checked.
    expect(claimed).toBeGreaterThan(1000);
  });

  it('is not claimed when a terminator or separator stands before the end', () => {
    for (const b of BREAKS) expect(isOneSentence(`First part${b} Second part`)).toBe(false);
    expect(isOneSentence('Counts per 5 minutes, without images.')).toBe(true);
    expect(isOneSentence('Ends with a quote."')).toBe(true);
    expect(isOneSentence('数据用于改善交通。')).toBe(false);
  });
});
