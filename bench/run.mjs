// npm run bench: load benchmark of the server against a floor Worker, both under `wrangler dev`
// on loopback, driven by autocannon in bounded, paired runs; then a 60-second soak with
// memory samples of the server's workerd, and the deployable bundle's size and composition. A
// scenario that keeps renders is also run against the floor making its session-store calls.
// Env: BENCH_SECONDS (per run, default 4), BENCH_ROUNDS (paired server and floor runs, default 3), BENCH_CONNECTIONS (default 8), SOAK_SECONDS (default 60),
// BENCH_ONLY (run the scenarios whose name holds it), COLD_SAMPLES and WARM (bench/cold-start.mjs; 0 skips it).
import { execFileSync } from 'node:child_process';
import { bundleComposition, formatComposition } from './bundle-composition.mjs';
import { checkedAnswers } from './checked-answers.mjs';
import { buildWorker, coldStart, KEEP_UNLIMITED, median, printColdStart } from './cold-start.mjs';
import { load, measuredLoad } from './load.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { startWrangler, workerdRssKiB } from './servers.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SOAK = Number(process.env.SOAK_SECONDS ?? 60);
/** Targets by scenario class, as ratios to the floor in the same run (docs/performance.md). */
const TARGET = { 'read-one': 0.9, 'read-list': 0.85, validate: 0.8, render: 0.5 };

const run = (url, requests, seconds = SECONDS) => load(url, { connections: CONNECTIONS, seconds, requests });

/**
 * The length in bytes of the page a render scenario keeps: its render answer links the kept
 * render's handle (a `resource_link`), read here as any client reads it. (The session's view, which
 * the scenario reads, wraps that page in the MCP Apps view's script and style.)
 */
async function keptPageBytes(base, scenario, answers) {
  const link = answers[0].body.result?.content?.find((c) => c.type === 'resource_link');
  if (!link) throw new Error(`${scenario.name}: the render answer links no kept render`);
  const render = answers[0].request;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: link.uri } });
  const r = await fetch(base + render.path, { method: 'POST', headers: render.headers, body });
  const text = (await r.json()).result?.contents?.[0]?.text;
  if (typeof text !== 'string') throw new Error(`${scenario.name}: ${link.uri} could not be read`);
  return Buffer.byteLength(text);
}

/**
 * The floor requests of a scenario: each answers a constant of the size of the server's answer; with
 * `store` (the kept page's length in bytes), each first makes the session-store calls the
 * scenario's request makes (`scenario.store`), on a page of that length and a source datachain as
 * long as the one the scenario sends (`scenario.sourceBytes`).
 */
function floorRequests(scenario, answers, store) {
  return scenario.requests.map((req, i) => ({
    method: req.method,
    path: `/?size=${answers[i].size}${store === undefined ? '' : `&store=${scenario.store[i]}&page=${store}&source=${scenario.sourceBytes}`}`,
    headers: { 'content-type': 'application/json' },
    body: req.body,
  }));
}

/** A timed run against a target (`server` or `floor`), with its workerd's CPU per request (`measuredLoad`). */
const measured = (target, requests) => measuredLoad(target, { connections: CONNECTIONS, seconds: SECONDS, requests });

/** Requests per second of the floor runs on either side of run `i` (`floors` has one run more than the runs they pair). */
const around = (floors, i) => (floors[i].requests.average + floors[i + 1].requests.average) / 2;

/** The CPU per request of the floor runs on either side of run `i`. */
const cpuAround = (floors, i) => (floors[i].cpuPerRequest + floors[i + 1].cpuPerRequest) / 2;

/** Per-round ratios of runs to the floor runs on either side of each. */
const pairedRatios = (runs, floors) => runs.map((r, i) => r.requests.average / around(floors, i));

const fmt = (n, d = 0) => n.toFixed(d).padStart(8);

/** Drives one target for SOAK seconds while sampling its workerd RSS every second. */
async function soakWithMemory(instance, base, requests) {
  const samples = [workerdRssKiB(instance.child.pid)];
  const sampler = setInterval(() => samples.push(workerdRssKiB(instance.child.pid)), 1000);
  const result = await run(base, requests, SOAK);
  clearInterval(sampler);
  const peak = Math.max(...samples);
  const growth = samples.at(-1) - samples[0];
  return { result, samples, peak, growth, perK: growth / (result.requests.total / 1000) };
}
/**
 * The headers every answer of the server carries besides its content's (Content-Type and
 * Content-Length, and the Date the runtime adds), read from its `/healthz` answer: the floor answers
 * `?headers=server` with them (bench/floor/worker.js).
 */
async function serverHeaders(base) {
  const r = await fetch(`${base}/healthz`);
  await r.arrayBuffer();
  const own = new Set(['content-type', 'content-length', 'date']);
  return Object.fromEntries([...r.headers].filter(([name]) => !own.has(name)));
}

// Rate limiting and the keep quota are lifted for the load runs (both are vars for this); everything
// else is as deployed.
const server = await startWrangler({
  port: Number(process.env.BENCH_PORT ?? 8811),
  config: process.env.BENCH_CONFIG,
  vars: { RATE_LIMIT: 'off', ...KEEP_UNLIMITED },
});
const headers = await serverHeaders(server.base);
const floor = await startWrangler({
  port: Number(process.env.FLOOR_PORT ?? 8812),
  config: 'bench/floor/wrangler.toml',
  vars: { SERVER_HEADERS: Buffer.from(JSON.stringify(headers)).toString('base64') },
});
{
  const echoed = await fetch(`${floor.base}/?size=100&headers=server`);
  await echoed.arrayBuffer();
  for (const [name, value] of Object.entries(headers))
    if (echoed.headers.get(name) !== value) throw new Error(`the floor does not answer with the server's ${name}`);
}
/** Where a scenario's requests go: the server, or (`target: 'floor'`, a reference) the floor itself. */
const targetOf = (s) => (s.target === 'floor' ? floor : server);
const baseOf = (s) => targetOf(s).base;
const rows = [];
try {
  for (const s of SCENARIOS.filter((x) => !process.env.BENCH_ONLY || x.name.includes(process.env.BENCH_ONLY))) {
    const answers = await checkedAnswers(baseOf(s), s);
    // The floor answers each request of the scenario with a constant of the same size, so a
    // scenario of two requests (render, then read) is compared with two floor requests.
    const floorReqs = floorRequests(s, answers);
    // A scenario that keeps renders is also compared with a floor that makes its session-store calls.
    const storeReqs = s.store ? floorRequests(s, answers, await keptPageBytes(server.base, s, answers)) : undefined;
    await run(baseOf(s), s.requests, 1);
    if (storeReqs) await run(floor.base, storeReqs, 1);
    // Paired rounds: each server run sits between floor runs, and the ratio is taken per round
    // against the mean of its two neighbouring floor runs, so a change in the machine's load
    // between rounds cancels out; the row reports the median round.
    // Each run also reads its workerd's CPU: the CPU ratio is the floor's CPU per request over the
    // server's (each scenario request is answered by one floor request), paired the same way.
    const floors = [await measured(floor, floorReqs)];
    const storeFloors = storeReqs ? [await run(floor.base, storeReqs)] : [];
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await measured(targetOf(s), s.requests);
      floors.push(await measured(floor, floorReqs));
      if (storeReqs) storeFloors.push(await run(floor.base, storeReqs));
      const floorRps = around(floors, i) / s.requests.length;
      const iterRps = r.requests.average / s.requests.length;
      rounds.push({
        r,
        floorRps,
        iterRps,
        ratio: iterRps / floorRps,
        cpuRatio: cpuAround(floors, i) / r.cpuPerRequest,
      });
    }
    const mid = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)];
    const cpu = rounds.map((x) => x.cpuRatio);
    // Against the floor that makes the store calls, paired as against the bare floor (the server's
    // run i sits between store runs i and i+1); and each store run against the bare runs either side of it.
    const store = storeReqs && {
      server: pairedRatios(
        rounds.map((x) => x.r),
        storeFloors,
      ),
      floor: pairedRatios(storeFloors.slice(0, ROUNDS), floors),
    };
    if (storeFloors.some((x) => x.non2xx || x.errors || x.timeouts))
      throw new Error(`${s.name}: the floor that makes the store calls answered errors`);
    const non2xx = rounds.reduce((n, x) => n + x.r.non2xx, 0);
    const errors = rounds.reduce((n, x) => n + x.r.errors + x.r.timeouts, 0);
    rows.push({
      name: s.name,
      cls: s.class,
      size: answers[0].size,
      rps: mid.iterRps,
      p50: mid.r.latency.p50,
      p99: mid.r.latency.p99,
      floorRps: mid.floorRps,
      ratio: mid.ratio,
      spread: rounds.map((x) => Math.round(x.ratio * 100)),
      cpuRatio: median(cpu),
      cpuSpread: cpu.map((x) => Math.round(x * 100)),
      cpuUs: median(rounds.map((x) => x.r.cpuPerRequest * 1000)),
      store,
      non2xx,
      errors,
    });
    console.error(`done: ${s.name}`);
  }
  const soakReqs = SCENARIOS.filter(
    (x) => x.target !== 'floor' && (!process.env.SOAK_ONLY || x.name.includes(process.env.SOAK_ONLY)),
  ).flatMap((s) => s.requests);
  const soak = await soakWithMemory(server, server.base, soakReqs);
  // The same soak against the floor: wrangler dev's own bookkeeping grows workerd's RSS with every
  // request, so memory attributable to the server is its growth beyond the floor's.
  const floorSoak = await soakWithMemory(floor, floor.base, [
    { method: 'POST', path: '/?size=8000', headers: { 'content-type': 'application/json' }, body: '{}' },
  ]);

  server.stop();
  floor.stop();
  const composition = bundleComposition();
  // COLD_SAMPLES=0 skips the cold-start figures (for quick partial runs).
  const cold = process.env.COLD_SAMPLES === '0' ? undefined : await coldStart(buildWorker());

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim()
    ? ' (with uncommitted changes)'
    : '';
  console.log(
    `\nDTPR server benchmark: ${SECONDS} s per run, ${CONNECTIONS} connections, loopback, wrangler dev (workerd), ${new Date().toISOString()}, commit ${commit}${dirty}`,
  );
  console.log(
    'req/s and floor/s count scenario iterations (render: one render plus one read); the floor answers each request with a constant of the same size',
  );
  console.log(
    `ratio: the median of ${ROUNDS} paired rounds (rounds in brackets); req/s, floor/s and latencies are that round's`,
  );
  console.log(
    `${'scenario'.padEnd(40)} ${'bytes'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'floor/s'.padStart(8)} ${'ratio'.padStart(8)} target non2xx errors  rounds`,
  );
  for (const r of rows) {
    const ok = TARGET[r.cls] === undefined ? 'n/a' : r.ratio >= TARGET[r.cls] ? 'met' : 'MISSED';
    console.log(
      `${r.name.padEnd(40)} ${fmt(r.size)} ${fmt(r.rps)} ${fmt(r.p50, 1)} ${fmt(r.p99, 1)} ${fmt(r.floorRps)} ${fmt(r.ratio * 100, 0)}% ${`${TARGET[r.cls] ? `${TARGET[r.cls] * 100}%` : '-'} ${ok}`.padStart(10)} ${String(r.non2xx).padStart(6)} ${String(r.errors).padStart(6)}  [${r.spread.join(' ')}]`,
    );
  }
  console.log(
    "\nworkerd's CPU per request (user and system time of its processes over each run, per request answered): the server's, and the floor's over the server's as a ratio, median of the rounds [rounds]: a second reading of each round, apart from the load generator's share of the host",
  );
  for (const r of rows) {
    console.log(`${r.name.padEnd(40)} ${fmt(r.cpuUs)} µs  ${fmt(r.cpuRatio * 100, 0)}%  [${r.cpuSpread.join(' ')}]`);
  }
  for (const r of rows.filter((x) => x.store)) {
    const pct = (xs) => `${Math.round(median(xs) * 100)}% [${xs.map((x) => Math.round(x * 100)).join(' ')}]`;
    console.log(
      `${r.name}: ${pct(r.store.server)} of a floor that makes the same session-store calls (bench/floor/storage.mjs); that floor runs at ${pct(r.store.floor)} of the bare floor`,
    );
  }
  for (const [label, x] of [
    ['server', soak],
    ['floor', floorSoak],
  ]) {
    console.log(
      `\nsoak ${label} ${SOAK} s: ${x.result.requests.total} requests, ${fmt(x.result.requests.average)} req/s, non-2xx ${x.result.non2xx}, errors ${x.result.errors + x.result.timeouts}`,
    );
    console.log(
      `  workerd RSS KiB: start ${x.samples[0]}, peak ${x.peak}, growth ${x.growth} = ${x.perK.toFixed(1)} KiB per 1000 requests`,
    );
  }
  console.log(`  server growth beyond the floor's: ${(soak.perK - floorSoak.perK).toFixed(1)} KiB per 1000 requests`);
  console.log(formatComposition(composition));
  if (cold) printColdStart(cold);
} finally {
  server.stop();
  floor.stop();
}
