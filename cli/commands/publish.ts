import { join } from 'node:path';
import type { Bundle } from '../../src/domain/bundle.js';
import type { TranslationReview } from '../../src/domain/translations.js';
import type { VersionId } from '../../src/core/version.js';
import { INDEX_KEY } from '../../src/store/bucket.js';
import { compileRelease } from '../bundle/compile.js';
import { DEFAULTS, flagPath, PROJECT_ROOT } from '../paths.js';
import { type BucketClient, localBucket, RELEASE_BUCKET } from '../publish/buckets.js';
import { PublishFailure } from '../publish/failure.js';
import { publish } from '../publish/publish.js';
import { remoteBucket } from '../publish/remote-bucket.js';
import { formatFinding, type Io } from '../report.js';
import { discoverReleases } from './build-all.js';

export interface PublishOptions {
  /** One release, or every release under the root when absent. */
  id?: VersionId;
  target: 'local' | 'remote';
  root?: string;
  /** wrangler's `--persist-to` directory of the local bucket (default `.wrangler/state`). */
  persistTo?: string;
  /**
   * A bucket that cannot be published to (an unreadable index, a bucket that keeps failing) is a
   * warning and exit 0, not exit 1: `npm start` goes on to serve the embedded releases. Content
   * errors and refused changes still exit 1.
   */
  warnOnly?: boolean;
  /** The bucket to write (tests); by default the local simulation or the deployed bucket. */
  bucket?: BucketClient;
}

const LOCAL_FIX =
  'The local bucket is only a simulation: delete .wrangler/state/v3/r2 (or the v3/r2 directory under --persist-to) and run this again.';

/** What to do about an unreadable index, per bucket. */
function indexFix(target: 'local' | 'remote'): string {
  return target === 'local'
    ? LOCAL_FIX
    : `Restore ${INDEX_KEY} of ${RELEASE_BUCKET} from a good copy (wrangler r2 object put ${RELEASE_BUCKET}/${INDEX_KEY} --remote --file <copy>), or delete it (wrangler r2 object delete ${RELEASE_BUCKET}/${INDEX_KEY} --remote) and run npm run schema -- publish --all --remote to rebuild it from schemas/.`;
}

/**
 * `publish <version> --local|--remote` (or `--all`): builds the release(s) from schemas/, then
 * publishes them to the release bucket. Exit 0 when every release is published or unchanged, 1 on
 * content errors, a refused change (no release written then) or a bucket that cannot be published
 * to (a PublishFailure: its message and fix, no stack trace; exit 0 with `warnOnly`).
 */
export async function runPublish(io: Io, options: PublishOptions): Promise<number> {
  const root = flagPath(options.root, DEFAULTS.root);
  const found = discoverReleases(root).releases.filter((r) => !options.id || r.id.id === options.id.id);
  if (options.id && found.length === 0) {
    io.err(`publish: no release ${options.id.id} under ${root}`);
    return 1;
  }
  const built: { bundle: Bundle; json: string; translations?: TranslationReview }[] = [];
  for (const { dir, id } of found) {
    const { findings, bundle, json, translations } = compileRelease(dir, id);
    if (!bundle || json === undefined) {
      io.out(`FAIL   ${id.id}: not published (content errors)`);
      for (const f of findings) if (f.severity === 'error') io.out(formatFinding(f));
      return 1;
    }
    built.push({ bundle, json, ...(translations ? { translations } : {}) });
  }
  const where = `the ${options.target} bucket ${RELEASE_BUCKET}`;
  let bucket: BucketClient | undefined;
  try {
    bucket =
      options.bucket ??
      (options.target === 'remote'
        ? remoteBucket()
        : await localBucket(flagPath(options.persistTo, join(PROJECT_ROOT, '.wrangler', 'state'))));
    const outcomes = await publish(bucket, built, indexFix(options.target));
    for (const o of outcomes) {
      const line = `${o.result.padEnd(9)} ${o.id.padEnd(22)} ${o.hash.slice(0, 19)}…`;
      if (o.result === 'refused') io.err(`${line}  ${o.reason}`);
      else io.out(line);
    }
    const refused = outcomes.some((o) => o.result === 'refused');
    if (refused) {
      io.err(`publish: refused, no release written to ${where}`);
      if (options.target === 'local') io.err(LOCAL_FIX);
    } else io.out(`publish: ${outcomes.length} release${outcomes.length === 1 ? '' : 's'} published or current`);
    return refused ? 1 : 0;
  } catch (error) {
    if (!(error instanceof PublishFailure)) throw error;
    const label = options.warnOnly ? 'warning' : 'error';
    io.err(`publish: ${label}: ${where}: ${error.message}. Nothing was published.`);
    io.err(error.fix);
    if (options.warnOnly)
      io.err(
        'publish: going on (--warn-only): the server serves its embedded releases; the bucket stays as it is until repaired.',
      );
    return options.warnOnly ? 0 : 1;
  } finally {
    if (bucket && !options.bucket) await bucket.close();
  }
}
