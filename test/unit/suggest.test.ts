import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedDistance, nearestIds, SUGGEST_MAX_CANDIDATES, SUGGEST_MAX_LENGTH } from '../../src/core/suggest.js';
import { fuzzRuns } from '../helpers/fuzz.js';

/** The textbook edit distance, for comparison. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

describe('suggestions', () => {
  it('the bounded distance equals the edit distance, capped at max + 1', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_'), maxLength: 14 });
    fc.assert(
      fc.property(word, word, fc.nat(6), (a, b, max) => {
        expect(boundedDistance(a, b, max)).toBe(Math.min(levenshtein(a, b), max + 1));
      }),
      fuzzRuns(500),
    );
  });
  it('suggests near ids: containment first, then distance; among equals the nearest in length', () => {
    const ids = ['mobility', 'biometric_recognition', 'input_biometric', 'health'];
    expect(nearestIds('mobilty', ids)).toEqual(['mobility']);
    expect(nearestIds('biometric', ids)).toEqual(['input_biometric', 'biometric_recognition']);
    expect(nearestIds('version', ['instance_version', 'schema_version'])).toEqual([
      'schema_version',
      'instance_version',
    ]);
    expect(nearestIds('zzzzzzzzzz', ids)).toEqual([]);
  });
  it('never compares an over-long id, and compares a bounded number of candidates', () => {
    expect(nearestIds('a'.repeat(SUGGEST_MAX_LENGTH + 1), ['a'.repeat(SUGGEST_MAX_LENGTH + 1)])).toEqual([]);
    const many = Array.from({ length: SUGGEST_MAX_CANDIDATES + 5 }, (_, i) => `zz${i}`);
    many.push('target');
    expect(nearestIds('targe', many)).toEqual([]);
    expect(nearestIds('targe', many.slice(-10))).toEqual(['target']);
  });
});
