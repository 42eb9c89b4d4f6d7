import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDigits, isPlainDecimal } from '../../src/core/strings.js';
import { parseDirName, parseVersionId, splitVersion } from '../../src/core/version.js';

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

/** The expressions the parsers once ran, as the model of what they accept and what they read. */
const model = {
  split(input: string) {
    const m = /^([^@/]+)[@/]([^@/]+)$/.exec(input.replace(/%40/gi, '@').replace(/%2F/gi, '/'));
    if (!m?.[1] || !m[2]) return undefined;
    return /^[a-zA-Z0-9_-]+$/.test(m[1]) ? { type: m[1], rest: m[2] } : { badType: m[1] };
  },
  dir(dir: string) {
    const m = /^(\d{4}-\d{2}-\d{2})(-beta)?$/.exec(dir);
    return m?.[1] ? { date: m[1], beta: m[2] !== undefined } : undefined;
  },
};

describe('version ids and numbers are read by comparing characters, as the expressions they replace read them', () => {
  // Ids near the real ones: the characters that act in them, in any order.
  const near = fc.string({
    unit: fc.constantFrom(
      'a',
      'i',
      'Z',
      '_',
      '-',
      '@',
      '/',
      '%',
      '4',
      '0',
      '2',
      'F',
      'f',
      '1',
      '9',
      'b',
      'e',
      't',
      ' ',
      '\n',
      'é',
    ),
    maxLength: 22,
  });
  const dated = fc
    .tuple(
      fc.constantFrom('ai', 'dtpr', 'a_b-1', '', 'a b'),
      fc.constantFrom('@', '/', '%40', '%2F', '%2f', '@@', '%4'),
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.constantFrom('', '-beta', '-Beta', '-beta-beta', 'x', '\n'),
    )
    .map(([type, sep, y, m, d, tail]) => `${type}${sep}${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${tail}`);

  it('splits `<type>@<rest>` as the model does (fixed seed)', () => {
    fc.assert(
      fc.property(fc.oneof(near, dated), (input) => {
        const split = splitVersion(input);
        const expected = model.split(input);
        if (expected === undefined) expect(split.error).toMatch(/is not a version id/);
        else if ('badType' in expected) expect(split.error).toMatch(/is not a valid type name/);
        else expect(split.value).toEqual(expected);
      }),
      { seed: 20261204, numRuns: 4000 },
    );
  });

  it('reads a release directory as the model does (fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          near,
          dated.map((id) => id.slice(id.lastIndexOf('@') + 1)),
        ),
        (dir) => {
          const parsed = parseDirName('ai', dir);
          const expected = model.dir(dir);
          if (expected === undefined) expect(parsed.error).toMatch(/is not YYYY-MM-DD or YYYY-MM-DD-beta/);
          else if (parsed.error === undefined)
            expect(parsed.value).toMatchObject({ ...expected, dir, id: `ai@${dir}` });
          else expect(parsed.error).toMatch(/is not a valid calendar date/);
        },
      ),
      { seed: 20261204, numRuns: 4000 },
    );
  });

  // The characters either side of `0-9` (`/`, `:`) and a digit outside ASCII are among those drawn.
  it.each([
    [
      'a plain decimal',
      isPlainDecimal,
      /^-?(0|[1-9]\d*)(\.\d+)?$/,
      ['0', '1', '9', '/', ':', '-', '.', '+', 'e', ' ', '٣'],
    ],
    [
      'a Content-Length of ASCII digits only',
      isDigits,
      /^\d+$/,
      ['0', '9', '5', '/', ':', '-', '+', ' ', 'a', '٣', '.'],
    ],
  ] as const)('reads %s as the expression it replaces', (_, read, expression, units) => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...units), maxLength: 7 }), (text) => {
        expect(read(text), text).toBe(expression.test(text));
      }),
      { seed: 20261204, numRuns: 4000 },
    );
  });
});
