import { join } from 'node:path';
import type { Bundle } from '../../src/domain/bundle.js';
import type { VersionId } from '../../src/core/version.js';
import { compileRelease } from '../bundle/compile.js';
import { DEFAULTS, flagPath, PROJECT_ROOT } from '../paths.js';
import { type BucketClient, localBucket, remoteBucket } from '../publish/buckets.js';
import { publish } from '../publish/publish.js';
import { formatFinding, type Io } from '../report.js';
import { discoverReleases } from './build-all.js';

export interface PublishOptions {
  /** One release, or every release under the root when absent. */
  id?: VersionId;
  target: 'local' | 'remote';
  root?: string;
  /** wrangler's `--persist-to` directory of the local bucket (default `.wrangler/state`). */
  persistTo?: string;
  /** The bucket to write (tests); by default the local simulation or the deployed bucket. */
  bucket?: BucketClient;
}

/**
 * `publish <version> --local|--remote` (or `--all`): builds the release(s) from schemas/, then
 * publishes them to the release bucket. Exit 0 when every release is published or unchanged, 1 on
 * content errors or a refused change (nothing written then).
 */
export async function runPublish(io: Io, options: PublishOptions): Promise<number> {
  const root = flagPath(options.root, DEFAULTS.root);
  const found = discoverReleases(root).releases.filter((r) => !options.id || r.id.id === options.id.id);
  if (options.id && found.length === 0) {
    io.err(`publish: no release ${options.id.id} under ${root}`);
    return 1;
  }
  const built: { bundle: Bundle; json: string }[] = [];
  for (const { dir, id } of found) {
    const { findings, bundle, json } = compileRelease(dir, id);
    if (!bundle || json === undefined) {
      io.out(`FAIL   ${id.id}: not published (content errors)`);
      for (const f of findings) if (f.severity === 'error') io.out(formatFinding(f));
      return 1;
    }
    built.push({ bundle, json });
  }
  const bucket =
    options.bucket ??
    (options.target === 'remote'
      ? remoteBucket()
      : await localBucket(flagPath(options.persistTo, join(PROJECT_ROOT, '.wrangler', 'state'))));
  try {
    const outcomes = await publish(bucket, built);
    for (const o of outcomes) {
      const line = `${o.result.padEnd(9)} ${o.id.padEnd(22)} ${o.hash.slice(0, 19)}…`;
      if (o.result === 'refused') io.err(`${line}  ${o.reason}`);
      else io.out(line);
    }
    const refused = outcomes.some((o) => o.result === 'refused');
    if (refused) {
      io.err(`publish: refused, nothing written to the ${options.target} bucket`);
      if (options.target === 'local')
        io.err(
          'To start the local bucket afresh (it is only a simulation), delete .wrangler/state/v3/r2 and run this again.',
        );
    } else io.out(`publish: ${outcomes.length} release${outcomes.length === 1 ? '' : 's'} published or current`);
    return refused ? 1 : 0;
  } finally {
    if (!options.bucket) await bucket.close();
  }
}
