// npm run bench:bundle: the deployable bundle's size (raw and gzip -9) and its largest
// contributors: one per package under node_modules, one per top-level folder of src/, anything
// else by its path. Raw bytes come from the script's source map; each contributor's gzip share is an
// estimate: the bundle's own text, attributed to sources through its source map, gzipped per
// contributor and scaled so the shares add up to the bundle's gzip size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The deployable script stays at or under 200 KiB gzip, the contract's figure (release content,
 * the locales' fixed wording and the tool descriptors ship beside it, not in it). It was 216 KiB
 * once the labels of eleven locales and the register exports came into the script (decision 040)
 * and 220 KiB once its functions were marked for eager compilation (decision 057), until the
 * wording and the descriptors moved out (decision 062).
 */
export const GZIP_TARGET = 200 * 1024;

const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

/** The size `gzip -9` gives (the figure the target names), or zlib's at level 9 without the gzip tool. */
function gzipToolSize(file) {
  try {
    return execFileSync('gzip', ['-9', '-c', file], { maxBuffer: 64 * 1024 * 1024 }).length;
  } catch {
    return gzipSize(readFileSync(file));
  }
}

/** The contributor a source belongs to, from its path relative to the repository root. */
function contributorOf(path) {
  const parts = path.split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts.slice(nm + 1, nm + (parts[nm + 1]?.startsWith('@') ? 3 : 2)).join('/');
  if (parts[0] === 'src' && parts.length > 2) return `src/${parts[1]}`;
  return path;
}

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Base64 VLQ numbers of one source-map segment. */
function decodeSegment(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64.get(c);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The bundle's text split by contributor, following the source map's segments. */
function textByContributor(code, map, mapDir) {
  const owner = map.sources.map((s) => contributorOf(relative(ROOT, resolve(mapDir, s)).split('\\').join('/')));
  const texts = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, row) => {
    const text = lines[row] ?? '';
    let column = 0;
    let from = 0;
    let current = null;
    for (const segment of line ? line.split(',') : []) {
      const [dc, ds] = decodeSegment(segment);
      column += dc;
      if (current !== null) texts.set(current, (texts.get(current) ?? '') + text.slice(from, column));
      if (ds !== undefined) source += ds;
      current = ds !== undefined ? owner[source] : null;
      from = column;
    }
    if (current !== null) texts.set(current, (texts.get(current) ?? '') + text.slice(from));
  });
  return texts;
}

/**
 * Builds the Worker as `wrangler deploy --dry-run` does and measures it. Returns the script's text,
 * its raw and gzip sizes and the `top` largest contributors, each with its raw bytes in the output and its
 * estimated gzip bytes.
 */
export function bundleComposition({ top = 5 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-composition-'));
  try {
    execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', dir], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    const code = readFileSync(join(dir, 'index.js'), 'utf8');
    const gzip = gzipToolSize(join(dir, 'index.js'));
    // wrangler bundles the first stage's script (decision 057): only the map leads on to the
    // sources, so both the raw bytes and the gzip shares come from it.
    const byContributor = [
      ...textByContributor(code, JSON.parse(readFileSync(join(dir, 'index.js.map'), 'utf8')), dir),
    ];
    const raw = new Map(byContributor.map(([name, text]) => [name, Buffer.byteLength(text)]));
    const sizes = byContributor.map(([n, t]) => [n, gzipSize(t)]);
    const sum = sizes.reduce((s, [, g]) => s + g, 0);
    const estimated = new Map(sizes.map(([name, g]) => [name, Math.round((g / sum) * gzip)]));
    const contributors = [...raw]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, bytes]) => ({ name, raw: bytes, gzip: estimated.get(name) }));
    // The modules uploaded beside the script (never parsed as JavaScript): the embedded set's
    // releases, the locales' fixed wording, the tool descriptors and the OpenAPI document as text
    // (decision 062), and get_schema's JSON Schemas as data (decision 083).
    const modules = readdirSync(dir).filter((f) => /\.(release|labels|descriptors|data)$/.test(f));
    const texts = {
      count: modules.length,
      releases: modules.filter((f) => f.endsWith('.release')).length,
      raw: modules.reduce((s, f) => s + readFileSync(join(dir, f)).length, 0),
      gzip: modules.reduce((s, f) => s + gzipToolSize(join(dir, f)), 0),
      labels: modules.filter((f) => f.endsWith('.labels')).map((f) => readFileSync(join(dir, f), 'utf8')),
      descriptors: modules.some((f) => f.endsWith('tools.descriptors')),
      openapi: modules.some((f) => f.endsWith('openapi.descriptors')),
      schemas: modules.some((f) => f.endsWith('instance-schemas.data')),
    };
    return { raw: Buffer.byteLength(code), gzip, contributors, code, texts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The composition as printable lines. */
export function formatComposition({ raw, gzip, contributors, texts }) {
  const n = (x) => x.toLocaleString('en-US').padStart(9);
  return [
    `bundle: ${n(raw)} bytes raw, ${n(gzip)} bytes gzip -9 (target <= ${GZIP_TARGET.toLocaleString('en-US')}: ${gzip <= GZIP_TARGET ? 'met' : 'missed'})`,
    `beside it: ${texts.count} modules of text and data (the embedded set's ${texts.releases} releases, packed, the locales' wording, the tool descriptors, the OpenAPI document and get_schema's JSON Schemas), ${n(texts.raw)} bytes raw, ${n(texts.gzip)} bytes gzip -9; not in the target`,
    'top contributors (raw bytes in the bundle, estimated gzip bytes and share):',
    ...contributors.map(
      (c) =>
        `  ${c.name.padEnd(22)} ${n(c.raw)} raw ${`${n(c.gzip)} gzip ${((100 * c.gzip) / gzip).toFixed(0).padStart(3)}%`}`,
    ),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatComposition(bundleComposition()));
}
