import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDirName, parseVersionId } from '../../src/core/version.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The calendar as JavaScript's Date keeps it, a model independent of the parser's arithmetic (years
 * 100-9999, where Date.UTC takes a year as written; it reads 0-99 as 1900-1999).
 */
function dateSays(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

describe('release ids name real calendar dates', () => {
  it('agrees with the Date calendar on every drawn year, month and day (fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const dir = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(parseDirName('ai', dir).error === undefined).toBe(dateSays(y, m, d));
        },
      ),
      { seed: 20261126, numRuns: 3000 },
    );
  });

  it.each([
    ['ai@2024-02-29', true],
    ['ai@2000-02-29', true],
    ['ai@1900-02-29', false],
    ['ai@2026-02-29', false],
    ['ai@2026-04-31', false],
    ['ai@2026-12-31', true],
    ['ai@2026-13-01', false],
    ['ai@2026-00-10', false],
    ['ai@2026-08-00', false],
    ['ai@2026-08-12-beta', true],
    ['ai@0050-01-01', true],
    ['ai@0000-02-29', true],
    ['ai@0100-02-29', false],
  ])('%s parses: %s', (id, ok) => {
    const parsed = parseVersionId(id);
    expect(parsed.error === undefined).toBe(ok);
    if (!ok) expect(parsed.error).toMatch(/not a valid calendar date/);
  });
});
