import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BucketClient, localBucket } from '../../cli/publish/buckets.js';
import { type Fixture, makeFixture } from './fixture.js';

/** The pids of this process's workerd children (the simulations it started). */
function runtimes(): Set<number> {
  const rows = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return new Set(
    rows
      .split('\n')
      .filter((row) => row.includes('workerd'))
      .map((row) => Number(row.trim().split(/\s+/)[0])),
  );
}

/**
 * A local bucket whose simulation stops answering: a runtime that stays stuck refuses every call
 * until the process gives up (it once refused every read for more than 18 s), and a killed one
 * refuses every call for good. Either way the client starts a fresh runtime over the same files
 * after RESTART_AFTER refusals in a row and goes on; nothing written is lost.
 */
describe('a local bucket whose runtime dies', () => {
  let fx: Fixture;
  let client: BucketClient;
  let before: Set<number>;
  let started: number[];

  beforeAll(async () => {
    fx = makeFixture('2026-01-01');
    before = runtimes();
    client = await localBucket(join(fx.base, 'state'));
    started = [...runtimes()].filter((pid) => !before.has(pid));
  });
  afterAll(async () => {
    await client?.close();
    fx?.cleanup();
  });

  it('reads and writes on through a fresh runtime, over the same files', async () => {
    expect(started).toHaveLength(1);
    expect(await client.put('index.json', '{"written":"before"}', { absent: true })).toBe(true);
    process.kill(started[0]!, 'SIGKILL');

    const read = await client.get('index.json');
    expect(read?.text).toBe('{"written":"before"}');
    expect(await client.put('index.json', '{"written":"after"}', { etagMatches: read!.etag })).toBe(true);
    expect(await client.put('index.json', '{"lost":true}', { absent: true })).toBe(false);

    // Another client, a runtime of its own, sees what was written through the new one.
    const other = await localBucket(join(fx.base, 'state'));
    try {
      expect((await other.get('index.json'))?.text).toBe('{"written":"after"}');
    } finally {
      await other.close();
    }
  });

  it('ends the runtime it restarted when closed', async () => {
    const now = [...runtimes()].filter((pid) => !before.has(pid) && pid !== started[0]);
    expect(now).toHaveLength(1);
    await client.close();
    expect(runtimes().has(now[0]!)).toBe(false);
  });

  it('after close, a call is refused at once and starts no runtime', async () => {
    const before = runtimes();
    await expect(client.get('index.json')).rejects.toThrow(/used after it was closed/);
    expect(runtimes()).toEqual(before);
  });
});
