// npm run bench:cold (second part): the first call on a release held in the release bucket against
// the same call on an embedded release (read from its Data module), each in a fresh isolate, and
// the warm call on each. The bucket is wrangler's local simulation, seeded by the publisher.
// Env: COLD_SAMPLES (fresh isolates per release, default 5), WARM (default 20).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { computeContentHash } from '../cli/bundle/content-hash.js';
import { PROJECT_ROOT } from '../cli/paths.js';
import { localBucket } from '../cli/publish/buckets.js';
import { publish } from '../cli/publish/publish.js';
import type { Bundle, VersionIndex } from '../src/domain/bundle.js';
// @ts-expect-error: a plain ES module without types
import { buildWorker, median, send, start } from './cold-start.mjs';

const SAMPLES = Number(process.env.COLD_SAMPLES ?? 5);
const WARM = Number(process.env.WARM ?? 20);
const BUILT = join(PROJECT_ROOT, 'build', 'schemas');
const PERSIST = join('dist', 'bench-state');

const index = JSON.parse(readFileSync(join(BUILT, 'index.json'), 'utf8')) as VersionIndex;
const embedded = readdirSync(join(PROJECT_ROOT, 'build', 'embedded', 'releases'));
const text = (id: string) => readFileSync(join(BUILT, id.split('@')[0]!, `${id.split('@')[1]}.json`), 'utf8');

/** The releases to publish: every built release outside the embedded set, or one made from an embedded one. */
function bucketReleases(): { bundle: Bundle; json: string }[] {
  const held = index.versions.filter((v) => !embedded.includes(v.id));
  if (held.length) return held.map((v) => ({ bundle: JSON.parse(text(v.id)) as Bundle, json: text(v.id) }));
  const base = JSON.parse(text(embedded[0]!)) as Bundle;
  const copy = { ...base, manifest: { ...base.manifest, version: 'ai@2099-01-01-beta', status: 'beta' as const } };
  const bundle = { ...copy, manifest: { ...copy.manifest, content_hash: computeContentHash(copy) } };
  return [{ bundle, json: JSON.stringify(bundle) }];
}

const call = (version: string) => ({
  path: '/mcp',
  body: {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'list_elements', arguments: { version, limit: 50 } },
  },
});

async function measure(version: string, script: string) {
  const firsts: number[] = [];
  const warms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const mf = start(script, join(PERSIST, 'v3', 'r2'));
    await mf.ready;
    firsts.push((await send(mf, call(version))).ms);
    for (let w = 0; w < WARM; w++) warms.push((await send(mf, call(version))).ms);
    await mf.dispose();
  }
  return { first: median(firsts), warm: median(warms) };
}

rmSync(PERSIST, { recursive: true, force: true });
mkdirSync(PERSIST, { recursive: true });
const releases = bucketReleases();
const bucket = await localBucket(PERSIST);
await publish(bucket, releases);
await bucket.close();
const script = buildWorker();
const rows = [
  { name: `embedded ${embedded.at(-1)}`, ...(await measure(embedded.at(-1)!, script)) },
  {
    name: `bucket ${releases[0]!.bundle.manifest.version}`,
    ...(await measure(releases[0]!.bundle.manifest.version, script)),
  },
];
console.log(
  `\nfirst call by where the release is held: list_elements limit 50 in a fresh isolate (median of ${SAMPLES}), then warm (median of ${WARM} calls each)`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(34)} first ${r.first.toFixed(2).padStart(8)} ms   warm ${r.warm.toFixed(2).padStart(6)} ms`,
  );
rmSync(PERSIST, { recursive: true, force: true });
