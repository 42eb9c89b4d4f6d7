import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { localBucket } from '../../cli/publish/buckets.js';
import { type Fixture, makeFixture } from './fixture.js';

const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/** `npm run schema -- publish ...` as a process, on the fixture's releases and a local bucket under `state`. */
function publishProcess(fx: Fixture, ...flags: string[]) {
  const persistTo = join(fx.base, 'state');
  const args = ['publish', '--all', '--local', '--root', fx.root, '--persist-to', persistTo, ...flags];
  const result = spawnSync(process.execPath, [TSX, join(PROJECT_ROOT, 'cli', 'bin.ts'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes `text` as the local bucket's index.json, through R2. */
async function writeIndex(fx: Fixture, text: string): Promise<void> {
  const bucket = await localBucket(join(fx.base, 'state'));
  try {
    await bucket.put('index.json', text);
  } finally {
    await bucket.close();
  }
}

describe('publish on a local bucket whose index.json is corrupt', () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = makeFixture('2026-01-01');
  });
  afterEach(() => fx.cleanup());

  it('exits 1 naming the bucket, the problem and the fix, with no stack trace, and leaves the index', async () => {
    await writeIndex(fx, '{"versions": [');
    const { status, stdout, stderr } = publishProcess(fx);
    expect(status).toBe(1);
    expect(stderr).toContain('publish: error: the local bucket dtpr-releases: index.json is not JSON.');
    expect(stderr).toContain('delete .wrangler/state/v3/r2');
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    expect(`${stdout}${stderr}`).not.toContain('internal error');
    const bucket = await localBucket(join(fx.base, 'state'));
    try {
      expect((await bucket.get('index.json'))?.text).toBe('{"versions": [');
    } finally {
      await bucket.close();
    }
  });

  it('says which part is not a version index; with --warn-only it warns and exits 0 (npm start goes on)', async () => {
    await writeIndex(fx, JSON.stringify({ versions: [{ id: 'ai@2026-01-01' }], aliases: {} }));
    const strict = publishProcess(fx);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/index\.json is not a version index \(.+ at versions\.0\.status\)/);
    const lenient = publishProcess(fx, '--warn-only');
    expect(lenient.status).toBe(0);
    expect(lenient.stderr).toContain('publish: warning: the local bucket dtpr-releases: index.json is not a version');
    expect(lenient.stderr).toContain('delete .wrangler/state/v3/r2');
    expect(lenient.stderr).toContain('going on (--warn-only)');
    expect(`${lenient.stdout}${lenient.stderr}`).not.toMatch(STACK_FRAME);
  });

  it('still exits 1 on content errors with --warn-only', () => {
    fx.edit('elements/health.yaml', (d) => {
      d.symbol_id = 'nope';
    });
    const { status, stdout } = publishProcess(fx, '--warn-only');
    expect(status).toBe(1);
    expect(stdout).toContain('symbol_not_found');
  });
});
