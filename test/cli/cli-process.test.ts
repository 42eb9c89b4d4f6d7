import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { makeFixture, type Fixture } from './fixture.js';

const TSX = createRequire(import.meta.url).resolve('tsx/cli');

/** Runs `tsx cli/bin.ts ...` as `npm run schema -- ...` does. */
function schema(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [TSX, join(PROJECT_ROOT, 'cli', 'bin.ts'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

describe('the schema CLI as a process', () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = makeFixture();
  });
  afterEach(() => fx.cleanup());

  it('reports malformed YAML with file and line, no stack trace, exit 1', () => {
    fx.writeText('elements/health.yaml', 'id: health\ntitle:\n  - locale: en\n    value: [unclosed\n');
    const { status, stdout, stderr } = schema('validate', 'ai@2026-01-01', '--source', fx.dir);
    expect(status).toBe(1);
    expect(stdout).toMatch(/error {4}yaml_syntax_error {2}elements\/health\.yaml: line \d+, column \d+: /);
    expect(stdout).toContain('1 error, 0 warnings');
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
  });

  it('exits 2 with the usage text on a usage error', () => {
    const { status, stderr } = schema('frobnicate');
    expect(status).toBe(2);
    expect(stderr).toContain('Unknown command "frobnicate"');
    expect(stderr).toContain('Usage: npm run schema -- <command>');
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it('builds a release to the requested directory, exit 0', () => {
    const out = join(fx.base, 'out');
    const { status, stdout } = schema('build', 'ai%402026-01-01', '--source', fx.dir, `--out=${out}`);
    expect(status).toBe(0);
    expect(stdout).toMatch(/\[4\/4\] writing .*2026-01-01\.json/);
  });
});
