// The deployable bundle: builds it as `wrangler deploy` would (dry run, minified per wrangler.toml)
// with esbuild's metafile, and reports its size and its largest contributors.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Target: the bundle with both content releases, gzip. */
const TARGET_GZIP = 200 * 1024;
const OUT = 'dist/worker';

/** Who a bundled input file belongs to: its npm package, or its folder under src/. */
function ownerOf(file) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  const src = /^src\/(?:([^/]+)\/(generated\/)?)?/.exec(file);
  if (src) return src[1] ? `src/${src[1]}${src[2] ? '/generated' : ''}` : 'src';
  return file;
}

/**
 * Builds the bundle and returns `{ script, bytes, gzip, owners }`: owners sorted by the bytes they
 * put in the (minified) output, with their share of it.
 */
export function bundleComposition() {
  rmSync(OUT, { recursive: true, force: true });
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', OUT, '--metafile', `${OUT}/meta.json`],
    { stdio: 'ignore', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  const script = `${OUT}/index.js`;
  const code = readFileSync(script);
  const meta = JSON.parse(readFileSync(`${OUT}/meta.json`, 'utf8'));
  const output = Object.values(meta.outputs).find((o) => o.entryPoint);
  const bytesOf = new Map();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    const owner = ownerOf(file);
    bytesOf.set(owner, (bytesOf.get(owner) ?? 0) + bytesInOutput);
  }
  const gzip = gzipSync(code, { level: 9 }).length;
  const total = [...bytesOf.values()].reduce((a, b) => a + b, 0);
  const owners = [...bytesOf].map(([name, bytes]) => ({ name, bytes, share: bytes / total })).sort((a, b) => b.bytes - a.bytes);
  return { script, bytes: code.length, gzip, owners };
}

export function printComposition({ bytes, gzip, owners }, top = 5) {
  console.log(`\nbundle: ${bytes} bytes, ${gzip} bytes gzip (target <= ${TARGET_GZIP}: ${gzip <= TARGET_GZIP ? 'met' : 'MISSED'}); largest contributors:`);
  for (const o of owners.slice(0, top)) console.log(`  ${o.name.padEnd(28)} ${String(o.bytes).padStart(8)} bytes  ${(o.share * 100).toFixed(1).padStart(5)}% of the output`);
}

if (import.meta.url === `file://${process.argv[1]}`) printComposition(bundleComposition(), Number(process.env.TOP ?? 10));
