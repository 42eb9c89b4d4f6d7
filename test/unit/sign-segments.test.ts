import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemes, words } from '../../src/services/render/sign/breaks.js';
import { clampWidth, textWidth, wrapWidth } from '../../src/services/render/sign/text.js';

/**
 * The sign's segmentation is given long texts a window at a time (the runtime's segmenter slows per
 * segment as its text grows); what it finds must be what the segmenter finds in the whole text.
 */
const whole = (text: string, locale: string, granularity: 'word' | 'grapheme') =>
  [...new Intl.Segmenter(locale, { granularity }).segment(text)].map((s) => s.segment);

/** Pieces of text where segmentation rules look at neighbours: marks, joiners, flags, scripts without spaces. */
const UNITS = [
  'a',
  'Wm',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u200b',
  '\u00a0',
  '\u202f',
  '\u2007',
  '\ufeff',
  '\u200d',
  'e\u0301',
  '\u0301',
  "don't",
  '3.5',
  'a_b',
  '(',
  '.',
  '?',
  '“',
  '。',
  '、',
  '数据',
  'ក',
  '\u17d2',
  'រ',
  '\u17b6',
  '។',
  'ไทย',
  '가',
  '\u1100\u1161',
  '😀',
  '👍🏽',
  '👩\u200d👩\u200d👧',
  '🇫',
  '🇷',
  '🇫🇷',
  '\ufe0f',
  '\u{1f3fd}',
  '\uff9e',
];
const longText = fc.array(fc.constantFrom(...UNITS), { minLength: 150, maxLength: 1200 }).map((a) => a.join(''));
const locale = fc.constantFrom('en', 'fr', 'zh-Hans', 'zh-Hant', 'km', 'vi', 'fil');

describe('the sign segments long texts as the whole text segments', () => {
  it('finds the grapheme clusters of the whole text', () => {
    fc.assert(
      fc.property(longText, locale, (text, loc) => {
        expect(graphemes(text, loc)).toEqual(whole(text, loc, 'grapheme'));
      }),
      { numRuns: 300, seed: 20_261_205 },
    );
  });

  it('finds the words of the whole text', () => {
    fc.assert(
      fc.property(longText, locale, (text, loc) => {
        expect([...words(text, loc)]).toEqual(whole(text, loc, 'word'));
      }),
      { numRuns: 300, seed: 20_261_205 },
    );
  });

  it('does not cut a window before a character that extends the space before it (a skin tone, U+FF9E)', () => {
    for (const mark of ['\u{1f3fd}', '\uff9e']) {
      const text = `${'a'.repeat(300)} ${mark}hello ${'b '.repeat(300)}`;
      for (const loc of ['en', 'zh-Hans', 'km']) expect([...words(text, loc)]).toEqual(whole(text, loc, 'word'));
    }
  });

  it('keeps a cluster longer than a window whole', () => {
    const text = `x${'e'}${'\u0301'.repeat(700)}${'y'.repeat(600)}`;
    expect(graphemes(text, 'en')).toEqual(whole(text, 'en', 'grapheme'));
    expect(graphemes(text, 'en')[1]).toHaveLength(701);
  });
});

describe('text that never fills a line', () => {
  const zeroWidth = '\u200b'.repeat(4000);

  it('wraps zero-width spaces into one line that keeps every character', () => {
    const lines = wrapWidth(`${zeroWidth}Riverton`, 300, 20);
    expect(lines.join('')).toBe(`${zeroWidth}Riverton`);
    for (const line of lines) expect(textWidth(line, 20)).toBeLessThanOrEqual(300);
  });

  it('splits a word at the text cap into lines that fit, and clamps it with an ellipsis', () => {
    const word = 'x'.repeat(4000);
    const lines = wrapWidth(word, 300, 20);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(textWidth(line, 20)).toBeLessThanOrEqual(300);
    const { lines: kept, cut } = clampWidth(word, 300, 20, 'regular', 2);
    expect(cut).toBe(true);
    expect(kept).toHaveLength(2);
    expect(kept[1]!.endsWith('\u2026')).toBe(true);
    expect(textWidth(kept[1]!, 20)).toBeLessThanOrEqual(300);
  });
});
