import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiJson } from '../../src/core/ascii-json.js';

describe('asciiJson', () => {
  it('writes French, Khmer and emoji texts in ASCII that parses to the same value', () => {
    const value = { fr: 'Données sur un lieu\u202f: à propos', km: 'ទិន្នន័យ', emoji: '😀', quote: '"\\' };
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(text).toContain('\\u202f');
    expect(text).toContain('\\ud83d\\ude00');
    expect(JSON.parse(text)).toEqual(value);
  });

  it.each(['grapheme', 'binary'] as const)(
    'keeps any JSON value the same, strings of %s units (fixed seed)',
    (unit) => {
      fc.assert(
        fc.property(fc.jsonValue({ stringUnit: unit }), (value) => {
          const text = asciiJson(JSON.stringify(value));
          expect(text).toMatch(/^[\x00-\x7f]*$/);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        }),
        { seed: 45, numRuns: 300 },
      );
    },
  );
});
