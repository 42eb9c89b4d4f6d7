import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
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
    // A process that never ends is a failure (status null), not a hung suite.
    timeout: 120_000,
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

/** Each test publishes the releases of a fresh fixture to a local bucket of its own. */
let fx: Fixture;
beforeEach(() => {
  fx = makeFixture('2026-01-01');
});
afterEach(() => fx.cleanup());

describe('publish on a local bucket whose index.json is corrupt', () => {
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

describe('publish on a local bucket whose simulation cannot start', () => {
  // Before, a start that failed left the simulation running: the error was printed and the
  // process never ended (and two publishes at once could meet that on a locked database).
  it("ends, exits 1 with the runtime's one-line reason and the fix, and no stack trace", async () => {
    await writeIndex(fx, JSON.stringify({ versions: [], aliases: {} }));
    const objects = join(fx.base, 'state', 'v3', 'r2', 'miniflare-R2BucketObject');
    // The storage's pages may still be in its write-ahead log: that goes, and the files are overwritten.
    for (const name of readdirSync(objects)) {
      if (name.endsWith('.sqlite')) writeFileSync(join(objects, name), 'not a database, written over it. '.repeat(200));
      else rmSync(join(objects, name));
    }
    const { status, stdout, stderr } = publishProcess(fx);
    expect(status).toBe(1);
    expect(stderr).toContain("the local bucket's simulation failed to start (SQLite failed; file is not a database");
    expect(stderr).toContain("the simulation's files are damaged: delete");
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    expect(`${stdout}${stderr}`).not.toContain('kj::Exception');
  });
});
