import { describe, expect, it } from 'vitest';
import { USAGE } from '../../cli/args.js';
import { runCli } from '../../cli/main.js';
import { captureIo } from './fixture.js';

describe('usage errors', () => {
  it.each([
    [[], 'Missing command.'],
    [['compile'], 'Unknown command "compile".'],
    [['validate'], 'Missing argument <version> for validate.'],
    [['build', 'ai@2026-08-12', 'extra'], 'Unexpected argument "extra" for build.'],
    [['validate', 'ai@2026-08-12', '--out', 'x'], 'Unknown flag "--out" (validate accepts --source).'],
    [['build', 'ai@2026-08-12', '--source'], 'Flag --source needs a value.'],
    [['build-all', '--verbose'], 'Unknown flag "--verbose"'],
    [['validate', 'latest'], 'is not a version id'],
    [['validate', 'ai@2026-13-01'], 'not a valid calendar date'],
    [['validate', 'ai@2026-08-12-rc'], 'is not YYYY-MM-DD or YYYY-MM-DD-beta'],
  ])('%j exits 2 with the usage text', (argv, message) => {
    const io = captureIo();
    expect(runCli(argv, io)).toBe(2);
    const err = io.stderr.join('\n');
    expect(err).toContain(message);
    expect(err).toContain(USAGE);
    expect(io.stdout).toEqual([]);
  });

  it('help prints the usage and exits 0', () => {
    const io = captureIo();
    expect(runCli(['--help'], io)).toBe(0);
    expect(io.stdout).toEqual([USAGE]);
  });
});
