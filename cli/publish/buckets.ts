import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';

/** The release bucket's name, as wrangler.toml binds it (`RELEASES`). */
export const RELEASE_BUCKET = 'dtpr-releases';

/** The two operations publishing needs; `get` answers `undefined` for a missing key. */
export interface BucketClient {
  get(key: string): Promise<string | undefined>;
  put(key: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The local bucket `npm start` (wrangler dev) serves: wrangler's simulation of R2, persisted under
 * `<persistTo>/v3/r2` (wrangler's default `--persist-to` is `.wrangler/state`).
 */
export async function localBucket(persistTo: string): Promise<BucketClient> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 204 }) };',
    r2Buckets: { RELEASES: RELEASE_BUCKET },
    r2Persist: join(persistTo, 'v3', 'r2'),
  });
  const bucket = await mf.getR2Bucket('RELEASES');
  return {
    async get(key) {
      const object = await bucket.get(key);
      return object ? await object.text() : undefined;
    },
    async put(key, text) {
      await bucket.put(key, text, { httpMetadata: { contentType: 'application/json' } });
    },
    close: () => mf.dispose(),
  };
}

const run = promisify(execFile);

/** The deployed bucket, through `wrangler r2 object` (the account wrangler is logged in to). */
export function remoteBucket(name = RELEASE_BUCKET): BucketClient {
  const dir = mkdtempSync(join(tmpdir(), 'dtpr-publish-'));
  const wrangler = (args: string[]) =>
    run('npx', ['wrangler', 'r2', 'object', ...args, '--remote'], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
  return {
    async get(key) {
      try {
        return (await wrangler(['get', `${name}/${key}`, '--pipe'])).stdout;
      } catch (error) {
        const text = `${(error as { stderr?: string }).stderr ?? ''} ${String(error)}`;
        if (/does not exist|NoSuchKey|not found|404/i.test(text)) return undefined;
        throw error;
      }
    },
    async put(key, text) {
      const file = join(dir, 'object.json');
      writeFileSync(file, text);
      await wrangler(['put', `${name}/${key}`, '--file', file, '--content-type', 'application/json']);
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
