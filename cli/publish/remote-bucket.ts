import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BucketClient, type Condition, RELEASE_BUCKET, type Stored } from './buckets.js';
import { PublishFailure } from './failure.js';

const run = promisify(execFile);

/** The etag of a remote object as this client sees it: a digest of its text (wrangler shows no etag). */
const etagOf = (text: string): string => createHash('sha256').update(text).digest('hex');

const holds = (condition: Condition, current: Stored | undefined): boolean =>
  'absent' in condition ? current === undefined : current?.etag === condition.etagMatches;

/**
 * The deployed bucket, through `wrangler r2 object` (the account wrangler is logged in to).
 * `wrangler r2 object put` has no conditional write, so this client is not atomic: a conditional
 * `put` reads the object, writes only when the condition holds, then reads it back and fails with
 * a PublishFailure when another publisher's write replaced it. That catches most overlapping
 * publishes but not all (the other write can land between the check and this write and then be
 * overwritten), so remote publishes must run one at a time (README, decision 031).
 */
export function remoteBucket(name = RELEASE_BUCKET): BucketClient {
  const dir = mkdtempSync(join(tmpdir(), 'dtpr-publish-'));
  const wrangler = (args: string[]) =>
    run('npx', ['wrangler', 'r2', 'object', ...args, '--remote'], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
  const get = async (key: string): Promise<Stored | undefined> => {
    try {
      const text = (await wrangler(['get', `${name}/${key}`, '--pipe'])).stdout;
      return { text, etag: etagOf(text) };
    } catch (error) {
      const text = `${(error as { stderr?: string }).stderr ?? ''} ${String(error)}`;
      if (/does not exist|NoSuchKey|not found|404/i.test(text)) return undefined;
      throw error;
    }
  };
  const write = async (key: string, text: string) => {
    const file = join(dir, 'object.json');
    writeFileSync(file, text);
    await wrangler(['put', `${name}/${key}`, '--file', file, '--content-type', 'application/json']);
  };
  return {
    atomic: false,
    get,
    async put(key, text, condition) {
      if (condition && !holds(condition, await get(key))) return false;
      await write(key, text);
      if (condition && (await get(key))?.text !== text)
        throw new PublishFailure(
          `another publish wrote ${key} of the remote bucket ${name} at the same time`,
          'Remote publishes must run one at a time: wait for the other one to finish, then run this again.',
        );
      return true;
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
