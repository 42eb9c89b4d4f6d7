// Cold start: the first call of each tool in a fresh isolate against the same call warm. Each
// sample starts a new workerd (Miniflare) over the deployable bundle and a release bucket holding
// every release under schemas/ (published as `npm start` publishes them, so a first call that reads
// the bucket's index reads a real one), waits until it is ready, times the first request, then the
// same request warm (median of WARM calls). Startup is the time to ready, shown beside a bare
// Worker's (the floor) so the difference is the bundle's own load. Then each call's budget under
// 3x beside what it spent over its floor (printBudgets).
// Env: COLD_SAMPLES (fresh isolates per scenario, default 3), WARM (default 20), COLD_ONLY (rows
// whose name holds one of its comma-separated parts).
import { Miniflare } from 'miniflare';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { publish } from '../test/e2e/fresh-server.mjs';

const SAMPLES = Number(process.env.COLD_SAMPLES ?? 3);
/**
 * COLD_ONLY: measure only the rows whose name holds one of its comma-separated parts (all when
 * unset; a part is matched as a substring, so `get_element` also picks `get_element ai@latest`).
 * The start-up figures are measured either way.
 */
const ONLY = process.env.COLD_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const picked = (name) => !ONLY || ONLY.some((part) => name.includes(part));
const WARM = Number(process.env.WARM ?? 20);
export const V = 'ai@2026-08-12';
/** The `dtpr` release only the bucket holds, and a datachain of it (21 placements). */
const DTPR = 'dtpr@2026-09-01-beta';
const transit = JSON.parse(
  readFileSync(new URL('../test/e2e/fixtures/transit-station-dtpr.json', import.meta.url), 'utf8'),
);
export const realistic = JSON.parse(
  readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'),
);
const IDS = [
  'accessibility',
  'arts_culture',
  'commerce',
  'dining',
  'ecology',
  'education',
  'employment',
  'health',
  'people',
  'inform',
];

export const rpc = (method, params) => ({ path: '/mcp', body: { jsonrpc: '2.0', id: 1, method, params } });
export const tool = (name, args) => rpc('tools/call', { name, arguments: args });

/** One request per tool, as an agent would first call it, plus /healthz, tools/list and a REST read. */
export function scenarios(resolved) {
  return [
    // No tool: the frame, the app's first run and the bucket's index read.
    ['/healthz', { path: '/healthz' }],
    ['tools/list', rpc('tools/list', {})],
    ['list_schema_versions', tool('list_schema_versions', {})],
    ['get_schema', tool('get_schema', { version: V })],
    // Every element and the datachain forms' JSON Schemas, which ship beside the script (decision 083).
    ['get_schema full', tool('get_schema', { version: V, include: 'full' })],
    ['list_categories', tool('list_categories', { version: V })],
    ['list_elements limit 50', tool('list_elements', { version: V, limit: 50 })],
    ['list_elements query', tool('list_elements', { version: V, query: 'cameras that recognise faces' })],
    ['get_element', tool('get_element', { version: V, element_id: 'input_biometric' })],
    // An alias needs the whole catalogue: a first call reads the bucket's index for it (decision 048).
    ['get_element ai@latest', tool('get_element', { version: 'ai@latest', element_id: 'input_biometric' })],
    // A release only the bucket holds (the dtpr type ships no embedded release): a first call reads
    // the index and the release's packed copy, and parses the release's own line (decision 065).
    ['get_element dtpr@latest-beta', tool('get_element', { version: 'dtpr@latest-beta', element_id: 'camera' })],
    // On the same release: a validation reads the elements it places (decision 068); a first
    // Chinese search loads that locale's index, which answers exact words from a Map of its terms.
    ['validate_datachain dtpr', tool('validate_datachain', { version: DTPR, datachain: transit })],
    [
      'list_elements zh query dtpr',
      tool('list_elements', { version: DTPR, query: '识别人脸的摄像头', locale: 'zh-Hans' }),
    ],
    ['get_elements 10 ids', tool('get_elements', { version: V, element_ids: IDS })],
    ['get_icon_url', tool('get_icon_url', { version: V, element_id: 'input_biometric' })],
    ['validate_datachain 15', tool('validate_datachain', { version: V, datachain: realistic })],
    ['resolve_datachain 15', tool('resolve_datachain', { version: V, datachain: realistic })],
    ['validate_resolved 15', tool('validate_resolved', { version: V, datachain: resolved })],
    ['render_datachain 15', tool('render_datachain', { version: V, datachain: realistic })],
    ['rest GET elements', { path: `/api/v2/schemas/${V}/elements?limit=50` }],
    // The isolate's second request, sent as soon as its first (initialize) is answered: it meets
    // whatever the first left running (the background's read of the bucket's alias targets).
    ['tools/list, 2nd request', rpc('tools/list', {}), rpc('initialize', { protocolVersion: '2025-11-25' })],
  ];
}

/**
 * The floor each call is judged against in the budget table (printBudgets): the least a first call
 * of its kind does on this runtime. A call not named here is judged against the Worker that reads
 * one embedded release.
 */
const FLOOR_OF = {
  '/healthz': 'floor (bare Worker)',
  'tools/list': 'floor (bare Worker)',
  list_schema_versions: 'floor reading index+release',
  'get_element ai@latest': 'floor reading index+release',
  'get_element dtpr@latest-beta': 'floor reading index+dtpr object',
  'validate_datachain dtpr': 'floor reading index+dtpr object',
  'list_elements zh query dtpr': 'floor reading index+dtpr object',
  'render_datachain 15': 'floor making render KV calls',
};
const floorOf = (name) => FLOOR_OF[name] ?? 'floor reading a release';

/**
 * Load runs render far more than one address may keep in an hour (decision 032); past the quota a
 * render is refused before any of its storage work, so benchmarks lift it to measure real renders.
 */
export const KEEP_UNLIMITED = { KEEP_RENDERS_PER_HOUR: '1000000000', KEEP_BYTES_PER_HOUR: '1000000000000' };

/** wrangler.toml's compatibility date and flags, so every bench runs the script as it is deployed. */
const WRANGLER_TOML = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
const COMPATIBILITY = {
  compatibilityDate: /^compatibility_date\s*=\s*"([^"]+)"/m.exec(WRANGLER_TOML)[1],
  compatibilityFlags: JSON.parse(/^compatibility_flags\s*=\s*(\[[^\]]*\])/m.exec(WRANGLER_TOML)?.[1] ?? '[]'),
};

/**
 * The `RENDER_KEY` secret, as production sets it (decision 032): a deployment without it generates
 * its key on its first render ever and stores it (a read, a write and a read of KV), and each new
 * isolate reads it back before its first render. That is a new deployment's one-time cost, not an
 * isolate's, so the cold bench runs with the secret, as deployed (decision 058).
 */
const BENCH_RENDER_KEY = { RENDER_KEY: 'bench-render-key-not-a-secret-0123456789abcdef' };

/** Limits not set here take their defaults (the contract's, as in wrangler.toml). */
const VARS = { RATE_LIMIT: 'off', REQUEST_LOG: 'off', ...KEEP_UNLIMITED, ...BENCH_RENDER_KEY };

/** The copy of the wrangler.toml a script was built with, which `buildWorker` keeps beside it. */
const BUILT_WITH = 'built-with.wrangler.toml';

/**
 * The modules beside a script, resolved as the wrangler.toml it was built with says (`buildWorker`
 * keeps a copy beside it, `BUILT_WITH`; else this tree's; a floor's own wrangler.toml is not read):
 * text modules as `Text`, the embedded set's releases and get_schema's JSON Schemas as `Data`
 * (decisions 083, 084), so that bench:cold-ab's base is loaded as it was built. A `.js` or `.mjs`
 * module a script imports is an ES module, as the script is (bench:cold-ab's module that serves a
 * built script behind remote stores imports it; the floor imports `storage.mjs`). A rule replaces Miniflare's default one of its type, so every one is named.
 */
function modulesRulesOf(scriptPath) {
  const beside = resolve(dirname(scriptPath), BUILT_WITH);
  const toml = existsSync(beside) ? readFileSync(beside, 'utf8') : WRANGLER_TOML;
  const rules = [
    ...toml.matchAll(/^\[\[rules\]\]\s*type\s*=\s*"(\w+)"\s*globs\s*=\s*(\[[^\]]*\])(\s*fallthrough\s*=\s*true)?/gm),
  ].map((m) => ({ type: m[1], include: JSON.parse(m[2]), ...(m[3] ? { fallthrough: true } : {}) }));
  if (rules.length === 0) throw new Error(`${existsSync(beside) ? beside : 'wrangler.toml'}: no [[rules]] block`);
  return [{ type: 'ESModule', include: ['**/*.js', '**/*.mjs'] }, ...rules];
}

/**
 * How Miniflare loads a script: the server's build imports its modules itself; the floor that
 * reads a release (bench/floor/reads.js) is given the embedded release it reads as the text module
 * it imports (`./release.release`). Our Worker's releases are bytes since decision 084; the floor
 * still parses text, as it was measured.
 */
function modulesOf(scriptPath) {
  if (scriptPath !== READS_FLOOR) return { modules: true, scriptPath, modulesRules: modulesRulesOf(scriptPath) };
  return {
    modules: [
      { type: 'ESModule', path: resolve(READS_FLOOR) },
      {
        type: 'Text',
        path: resolve(dirname(READS_FLOOR), 'release.release'),
        contents: readFileSync(embeddedFile(V), 'utf8'),
      },
    ],
  };
}

/**
 * A fresh workerd over the script, bound and dated as wrangler.toml says: the embedded set as the
 * script's text modules, and the release bucket (`r2Persist`: a directory the caller seeded, else
 * an empty in-memory bucket). `extra` adds Miniflare options (an inspector port). `neighbour` adds
 * another Worker to the process (bench/floor/neighbour.js, see warmProcess); the script stays the
 * one every dispatched request reaches.
 */
export function start(scriptPath, r2Persist, extra = {}, neighbour = false) {
  const worker = {
    name: 'server',
    ...modulesOf(scriptPath),
    ...COMPATIBILITY,
    kvNamespaces: ['SESSIONS'],
    r2Buckets: { RELEASES: 'dtpr-releases' },
    bindings: VARS,
  };
  const others = neighbour
    ? [
        {
          name: NEIGHBOUR,
          modules: true,
          scriptPath: NEIGHBOUR_SCRIPT,
          compatibilityDate: COMPATIBILITY.compatibilityDate,
        },
      ]
    : [];
  return new Miniflare({
    ...extra,
    ...(r2Persist ? { r2Persist } : {}),
    host: '127.0.0.1',
    workers: [worker, ...others],
  });
}

export async function send(mf, req) {
  const body = req.body ? JSON.stringify(req.body) : undefined;
  // Content-Length as an HTTP client sends it (without it Miniflare's fetch streams the body chunked).
  const init = body
    ? {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-session-id': 'cold',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      }
    : { method: 'GET' };
  const t0 = performance.now();
  const res = await mf.dispatchFetch(`http://127.0.0.1${req.path}`, init);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200 || text.includes('"isError":true'))
    throw new Error(`${req.path}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, text };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Startup (new Miniflare to ready) of a script, median over SAMPLES. */
async function startup(scriptPath) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const mf = start(scriptPath);
    await mf.ready;
    times.push(performance.now() - t0);
    await mf.dispose();
  }
  return median(times);
}

/** The bare Worker that reads the bucket's index and one release on its first request (bench/floor/reads.js). */
const READS_FLOOR = 'bench/floor/reads.js';
/** Another tenant of the process, which uses Intl (bench/floor/neighbour.js). */
const NEIGHBOUR = 'neighbour';
const NEIGHBOUR_SCRIPT = 'bench/floor/neighbour.js';

/** The packed file of an embedded release, as the build writes it (one per release). */
export function embeddedFile(id) {
  const [file] = readdirSync(`build/embedded/releases/${id}`);
  return `build/embedded/releases/${id}/${file}`;
}

/** Where the bench's release bucket is published (a directory of wrangler's local R2 simulation). */
const BUCKET_STATE = 'dist/bench-cold-state';
let bucketDir;

/** Publishes every release under schemas/ to a fresh local bucket, once per run; returns its R2 directory. */
export async function seededBucket() {
  if (bucketDir) return bucketDir;
  rmSync(BUCKET_STATE, { recursive: true, force: true });
  await publish('schemas', BUCKET_STATE);
  return (bucketDir = `${BUCKET_STATE}/v3/r2`);
}

/** The key of the packed object the bucket's index records for release `id` (decision 067). */
async function packedObjectOf(mf, id) {
  const index = JSON.parse(await (await (await mf.getR2Bucket('RELEASES')).get('index.json')).text());
  const key = Object.keys(index.objects ?? {}).find((k) => k.startsWith(`releases/${id}/`) && k.endsWith('.release'));
  if (!key) throw new Error(`the bench's bucket records no packed object of ${id}`);
  return key;
}

/** The length in bytes of the page `render_datachain` 15 keeps, read through the handle its answer links. */
async function keptPageBytes(mf) {
  const answer = JSON.parse((await send(mf, tool('render_datachain', { version: V, datachain: realistic }))).text);
  const link = answer.result.content.find((c) => c.type === 'resource_link');
  if (!link) throw new Error('the bench render links no kept render');
  const read = JSON.parse((await send(mf, rpc('resources/read', { uri: link.uri }))).text);
  return Buffer.byteLength(read.result.contents[0].text);
}

/** Measures every scenario; returns rows of { name, first, warm, ratio }. */
export async function coldStart(scriptPath = 'dist/worker/index.js') {
  const helper = start(scriptPath, await seededBucket());
  const resolved = JSON.parse(
    JSON.parse((await send(helper, tool('resolve_datachain', { version: V, datachain: realistic }))).text).result
      .content[0].text,
  ).data;
  const dtprObject = await packedObjectOf(helper, DTPR);
  const pageBytes = await keptPageBytes(helper);
  await helper.dispose();
  const floors = [
    ['floor (bare Worker)', { path: '/?size=3500', body: {} }, 'bench/floor/worker.js'],
    ['floor reading a release', { path: '/?size=3500', body: {} }, READS_FLOOR],
    ['floor reading index+release', { path: '/?size=3500&index=1', body: {} }, READS_FLOOR],
    // What a first call on the dtpr release cannot skip: the index, and the release's object read,
    // hashed and its first line parsed (the dtpr rows' floor).
    [
      'floor reading index+dtpr object',
      { path: `/?size=3500&index=1&object=${encodeURIComponent(dtprObject)}`, body: {} },
      READS_FLOOR,
    ],
    // What a first render cannot skip: the session-store calls of a render new to the store (the
    // tally read; the tally and the page written; the marker and the slot), on the isolate's first
    // request only, as a warm render of the same datachain in the same session makes none (the
    // render row's floor).
    [
      'floor making render KV calls',
      {
        path: `/?size=3500&store=render&page=${pageBytes}&source=${Buffer.byteLength(JSON.stringify(realistic))}&once=1`,
        body: {},
      },
      'bench/floor/worker.js',
    ],
  ];
  const rows = [];
  for (const [name, req, script] of floors) if (picked(name)) rows.push(await measure(name, req, script));
  for (const [name, req, prior] of scenarios(resolved))
    if (picked(name)) rows.push(await measure(name, req, scriptPath, prior));
  return { rows, startup: await startup(scriptPath), floorStartup: await startup('bench/floor/worker.js') };
}

/**
 * Touches the runtime's own services, never the Worker: the release bucket and the session store
 * (KV), through Miniflare's bindings (its proxy Worker, not ours). Here they are
 * Workers that start cold with each workerd, as does Miniflare's entry Worker in front of ours; on
 * Cloudflare they are the platform's, and none of them starts with a Worker's isolate. A first call
 * after this shows what the isolate itself adds to a first call.
 */
async function warmServices(mf) {
  const bucket = await mf.getR2Bucket('RELEASES');
  await bucket.head('index.json');
  const kv = await mf.getKVNamespace('SESSIONS');
  await kv.get('warm');
  // KV's write path is code of its own in the simulator (the first write of a process took 25-35 ms
  // more than the next): a render's first call would otherwise time it (decision 058).
  await kv.put('warm', 'warm', { expirationTtl: 60 });
}

/**
 * Warms what a workerd process shares between its isolates: another Worker (bench/floor/neighbour.js)
 * uses Intl first, so ICU's data and V8's tables of available locales are built before our isolate
 * asks for them. On Cloudflare a new isolate starts in a process that has hosted others; here each
 * sample is a new process. The isolate's own first use of anything (its code, its modules, its
 * caches) is left cold: nothing of ours runs before the first call.
 */
export async function warmProcess(mf) {
  const neighbour = await mf.getWorker(NEIGHBOUR);
  await (await neighbour.fetch('http://neighbour/')).arrayBuffer();
}

/**
 * How long the third way waits after its warm-ups before the first call. A first call sent as soon
 * as the script is ready meets work its start left running (a first `/healthz` 11.9 ms at once,
 * 9.1 ms 10 ms later, 7.2-7.6 ms from 25 ms on; the floors show no such tail), and the neighbour's
 * fetch itself takes some of it, so the third way lets it pass in full and the column holds the
 * process's shared state and the isolate's settled start together (decision 044).
 */
export const SETTLE_MS = 50;

/**
 * A fresh workerd over `scriptPath` as the third way times a first call: its services and the
 * process's shared state warm (warmServices, warmProcess), then SETTLE_MS for the script's start.
 */
export async function settledWorkerd(scriptPath, r2Persist) {
  const mf = start(scriptPath, r2Persist, {}, true);
  await mf.ready;
  await warmServices(mf);
  await warmProcess(mf);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return mf;
}

/**
 * First call in SAMPLES fresh workerd processes against WARM calls in each (medians), three ways:
 * (with `prior`, the timed call is the isolate's second, sent once `prior` is answered)
 * everything cold (`first`); the runtime's services touched first (`firstWarmServices`,
 * warmServices); and those services and the process's shared state warm, the isolate's start
 * settled (`firstWarmProcess`: warmServices, warmProcess, then SETTLE_MS).
 */
async function measure(name, req, scriptPath, prior) {
  const firsts = [];
  const firstsWarmServices = [];
  const firstsWarmProcess = [];
  const warms = [];
  for (let i = 0; i < SAMPLES; i++) {
    const mf = start(scriptPath, await seededBucket());
    await mf.ready;
    if (prior) await send(mf, prior);
    firsts.push((await send(mf, req)).ms);
    for (let w = 0; w < WARM; w++) warms.push((await send(mf, req)).ms);
    await mf.dispose();
    const served = start(scriptPath, await seededBucket());
    await served.ready;
    await warmServices(served);
    if (prior) await send(served, prior);
    firstsWarmServices.push((await send(served, req)).ms);
    await served.dispose();
    const shared = await settledWorkerd(scriptPath, await seededBucket());
    if (prior) await send(shared, prior);
    firstsWarmProcess.push((await send(shared, req)).ms);
    await shared.dispose();
  }
  const warm = median(warms);
  const [first, firstWarmServices, firstWarmProcess] = [firsts, firstsWarmServices, firstsWarmProcess].map(median);
  return {
    name,
    // The timed request is the isolate's second, after `prior`: no first call.
    second: prior !== undefined,
    warm,
    first,
    firstWarmServices,
    firstWarmProcess,
    ratio: first / warm,
    ratioWarmServices: firstWarmServices / warm,
    ratioWarmProcess: firstWarmProcess / warm,
  };
}

const verdict = (ratio) => (ratio < 3 ? 'met' : 'MISSED');

export function printColdStart({ rows, startup, floorStartup }) {
  console.log(
    `\ncold start: first call in a fresh isolate against the same call warm (median of ${SAMPLES} isolates; warm: median of ${WARM} calls each)`,
  );
  const head = `${'first ms'.padStart(9)} ${'ratio'.padStart(6)}  <3x   `;
  console.log(
    `${'call'.padEnd(29)} ${'first ms'.padStart(9)} ${'warm ms'.padStart(8)} ${'ratio'.padStart(6)}  <3x   | ${head}| ${head}`,
  );
  console.log(
    `${''.padEnd(30)}${'everything cold'.padEnd(33)}| ${'services warm'.padEnd(24)}| process warm too, settled`,
  );
  const cell = (ms, ratio) =>
    `${ms.toFixed(2).padStart(9)} ${ratio.toFixed(2).padStart(6)}  ${verdict(ratio).padEnd(6)}`;
  for (const r of rows)
    console.log(
      `${r.name.padEnd(29)} ${r.first.toFixed(2).padStart(9)} ${r.warm.toFixed(2).padStart(8)} ${r.ratio.toFixed(2).padStart(6)}  ${verdict(r.ratio).padEnd(6)}| ${cell(r.firstWarmServices, r.ratioWarmServices)}| ${cell(r.firstWarmProcess, r.ratioWarmProcess)}`,
    );
  console.log(
    "the floors: a bare Worker; the same Worker parsing one embedded release on its first request only, and reading the bucket's index besides; and reading, instead of the embedded release, the dtpr release's object from the bucket (hashed, its first line parsed); and the bare Worker making, on its first request only, the session-store calls of a render new to the store",
  );
  console.log(
    "services warm: the bucket, KV and Miniflare's entry Worker touched before the first call, through Miniflare's own bindings (not the Worker)",
  );
  console.log(
    `process warm: besides, another Worker in the same workerd used Intl first (ICU and the locale tables are shared by the isolates of a process), and the first call waits ${SETTLE_MS} ms more, until the work the script's start left running is done; nothing of ours ran`,
  );
  console.log(
    `startup to ready: server ${startup.toFixed(0)} ms, floor ${floorStartup.toFixed(0)} ms, the bundle's own load ${(startup - floorStartup).toFixed(0)} ms`,
  );
  printBudgets(rows);
}

/**
 * What 3x leaves a first call of its own, in each of the three ways: its budget (3x its warm time,
 * less the first call of its floor, FLOOR_OF, in the same way: `none` when nothing is left) and
 * what it spent over that floor. A call meets 3x when it spends less than its budget; with none,
 * not even a first call that did no more than its floor would.
 */
function printBudgets(rows) {
  const byName = new Map(rows.map((r) => [r.name, r]));
  // An isolate's second request (`prior`) is no first call: its floor answers a first request.
  const firsts = rows.filter((r) => !r.name.startsWith('floor') && !r.second);
  const calls = firsts.filter((r) => byName.has(floorOf(r.name)));
  const unjudged = firsts.filter((r) => !byName.has(floorOf(r.name)));
  if (unjudged.length > 0)
    console.log(`\nno budget for ${unjudged.map((r) => `${r.name} (${floorOf(r.name)} was not measured)`).join(', ')}`);
  if (calls.length === 0) return;
  console.log(
    "\na first call's budget under 3x (3x its warm time less its floor's first call, in ms) and what it spent over that floor",
  );
  const head = `${'budget'.padStart(7)} ${'spent'.padStart(6)}  `;
  console.log(`${'call'.padEnd(29)} ${'floor'.padEnd(32)}| ${head}| ${head}| ${head}`);
  console.log(`${''.padEnd(62)}| ${'everything cold'.padEnd(16)}| ${'services warm'.padEnd(16)}| process warm`);
  const cell = (first, floorFirst, warm) => {
    const budget = 3 * warm - floorFirst;
    return `${(budget > 0 ? budget.toFixed(2) : 'none').padStart(7)} ${(first - floorFirst).toFixed(2).padStart(6)}  `;
  };
  for (const r of calls) {
    const f = byName.get(floorOf(r.name));
    console.log(
      `${r.name.padEnd(29)} ${f.name.padEnd(32)}| ${cell(r.first, f.first, r.warm)}| ${cell(r.firstWarmServices, f.firstWarmServices, r.warm)}| ${cell(r.firstWarmProcess, f.firstWarmProcess, r.warm)}`,
    );
  }
  const none = calls.filter((r) => 3 * r.warm <= byName.get(floorOf(r.name)).firstWarmProcess).map((r) => r.name);
  console.log(
    `no budget with the process warm (a first call no costlier than its floor's would still miss 3x): ${none.join(', ') || 'none'}`,
  );
}

/**
 * Builds the deployable bundle of the tree at `cwd` (this one by default) into `outdir` as
 * `wrangler deploy` would (its `[build]` stage with `env` added); returns the script's path.
 */
export function buildWorker(outdir = 'dist/worker', env = {}, cwd = undefined) {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', resolve(outdir)], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
  });
  // The rules its modules are loaded by (`modulesRulesOf`): those of the tree it was built from.
  copyFileSync(resolve(cwd ?? '.', 'wrangler.toml'), resolve(outdir, BUILT_WITH));
  return `${outdir}/index.js`;
}

if (import.meta.url === `file://${process.argv[1]}`) printColdStart(await coldStart(buildWorker()));
