import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { localBucket } from '../../cli/publish/buckets.js';
import { VersionIndex } from '../../src/domain/bundle.js';
import { type Fixture, lv, makeFixture } from './fixture.js';

const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/**
 * `npm run schema -- publish ai@2026-01-01 --local` as a process, not awaited. Two started together
 * may overlap or not (process start-up dominates); the exit codes and messages must hold either way.
 * The overlap itself is tested in publish-race.test.ts.
 */
function publishProcess(root: string, persistTo: string): Promise<{ status: number | null; output: string }> {
  const args = ['publish', 'ai@2026-01-01', '--local', '--root', root, '--persist-to', persistTo];
  const child = spawn(process.execPath, [TSX, join(PROJECT_ROOT, 'cli', 'bin.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

describe('two `schema publish` processes started together on one new stable id with different content', () => {
  let first: Fixture;
  let second: Fixture;
  beforeEach(() => {
    first = makeFixture('2026-01-01');
    second = makeFixture('2026-01-01');
    second.edit('elements/health.yaml', (d) => {
      d.title = lv('Health, reworded');
    });
  });
  afterEach(() => {
    first.cleanup();
    second.cleanup();
  });

  // Two tsx processes each start a local bucket: on a loaded 2-core machine that alone can take minutes.
  it('one exits 0, the other exits 1 saying a stable release never changes; the index names the winner', {
    timeout: 300_000,
  }, async () => {
    const persistTo = join(first.base, 'state');
    const runs = await Promise.all([publishProcess(first.root, persistTo), publishProcess(second.root, persistTo)]);
    expect(runs.map((r) => r.status).sort()).toEqual([0, 1]);
    const loser = runs.find((r) => r.status === 1)!;
    expect(loser.output).toContain('a stable release never changes');
    for (const r of runs) expect(r.output).not.toMatch(STACK_FRAME);
    const winner = runs.find((r) => r.status === 0)!;
    const bucket = await localBucket(persistTo);
    try {
      const index = VersionIndex.parse(JSON.parse((await bucket.get('index.json'))?.text ?? 'null'));
      const entry = index.versions.find((v) => v.id === 'ai@2026-01-01')!;
      expect(winner.output).toContain(`published ai@2026-01-01`);
      expect(winner.output).toContain(entry.content_hash.slice(0, 19));
    } finally {
      await bucket.close();
    }
  });
});
