// npm run bench:scaling: how cost grows with the size of the work and with concurrency. In one
// workerd (Miniflare over the deployable bundle, bound as wrangler.toml binds it, rate limits and
// the keep quota lifted), warm: validate_datachain and render_datachain at 5, 15, 50 and 100
// placements, list_elements pages of 10, 50 and 100 (median time per call and workerd's CPU per call,
// sequential); then
// get_element and validate (15) under 1, 8 and 32 connections with autocannon, each beside the
// floor Worker at the same connections (throughput ratio within the run).
// Env: SCALE_CALLS (timed calls per size, default 60), SCALE_SECONDS (per autocannon run, default 3).
import { load } from './load.mjs';
import { buildWorker, median, realistic, send, start, tool, V } from './cold-start.mjs';
import { ranBetween, workerdThreadRuns } from './servers.mjs';

const CALLS = Number(process.env.SCALE_CALLS ?? 60);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 3);
/** Placements with no required variables, added to reach a size (as the worst-case bench does). */
const FILLERS = ['health', 'mobility', 'education', 'commerce'];

/** The realistic datachain's placements, those of its required categories first (a valid cut keeps them). */
const BY_NEED = [0, 1, 2, 4, 5, 3, 6, 7, 8, 9, 11, 12, 13, 14, 10];

/** The realistic datachain cut to n placements (still valid), or grown to n with filler placements. */
function sized(n) {
  const base = realistic.elements;
  const elements =
    n <= base.length
      ? BY_NEED.slice(0, n).map((i) => base[i])
      : [...base, ...Array.from({ length: n - base.length }, (_, i) => ({ element_id: FILLERS[i % FILLERS.length] }))];
  if (n >= base.length) return { ...realistic, elements };
  // A cut drops what names the placements it leaves out: the subchain and the per-element provenance.
  const { element_provenance: _, ...provenance } = realistic.authoring_provenance ?? {};
  return { ...realistic, elements, subchain_instances: [], authoring_provenance: provenance };
}

/**
 * Median ms of CALLS calls after 10 warm-up calls, and the CPU (ms) the workerd processes ran per
 * call over them, read from the scheduler's count of each thread (`/proc/<pid>/task/<tid>/schedstat`;
 * the other Worker's workerd, idle meanwhile, adds next to nothing). Wall time moves with the
 * host and the harness by more than a call's work grows (a call of 2-3 ms, of which the work is a
 * few tenths); CPU per call shows the growth. `make(i)` gives call i: each datachain gets its own
 * id, so no answer comes from the isolate's answer cache. Refuses a call whose answer is an error.
 */
async function timed(mf, make) {
  for (let i = 0; i < 10; i++) {
    const { text } = await send(mf, make(i));
    if (text.includes('"ok":false')) throw new Error(`the call was refused: ${text.slice(0, 300)}`);
  }
  const times = [];
  const before = workerdThreadRuns(process.pid);
  for (let i = 0; i < CALLS; i++) times.push((await send(mf, make(10 + i))).ms);
  const { ms, lost } = ranBetween(before, workerdThreadRuns(process.pid));
  if (lost > 0)
    console.warn(
      `(${lost} of workerd's threads ended during the timed calls: the CPU per call is short by their share)`,
    );
  return { ms: median(times), cpuMs: ms / CALLS };
}

/** The datachain of size n, named for call i. */
const named = (n, i) => ({ ...sized(n), id: `scaling-${n}-${i}` });

const pad = (s, n) => String(s).padStart(n);

async function sizes(mf, floorMf) {
  const floor = await timed(floorMf, () => ({ path: '/?size=3500', body: {} }));
  console.log(
    `\nwarm, sequential: median ms per call of ${CALLS}, and workerd's CPU per call (µs); beyond: the CPU less the floor Worker's ${(floor.cpuMs * 1000).toFixed(0)} µs for a call (its wall time ${floor.ms.toFixed(2)} ms); x smallest: that, against the smallest size`,
  );
  console.log(
    `${'call'.padEnd(30)} ${pad('size', 5)} ${pad('ms', 8)} ${pad('CPU µs', 8)} ${pad('beyond', 8)} ${pad('x smallest', 11)}`,
  );
  const rows = [
    [
      'validate_datachain',
      [5, 15, 50, 100],
      (n, i) => tool('validate_datachain', { version: V, datachain: named(n, i) }),
    ],
    ['render_datachain', [5, 15, 50, 100], (n, i) => tool('render_datachain', { version: V, datachain: named(n, i) })],
    // A list is the same answer for every caller: it is served from the answer cache after the first call, as in use.
    ['list_elements (page size)', [10, 50, 100], (n) => tool('list_elements', { version: V, limit: n })],
  ];
  for (const [name, ns, make] of rows) {
    let first;
    for (const n of ns) {
      const { ms, cpuMs } = await timed(mf, (i) => make(n, i));
      const beyond = (cpuMs - floor.cpuMs) * 1000;
      first ??= beyond;
      console.log(
        `${name.padEnd(30)} ${pad(n, 5)} ${pad(ms.toFixed(2), 8)} ${pad((cpuMs * 1000).toFixed(0), 8)} ${pad(beyond.toFixed(0), 8)} ${pad((beyond / first).toFixed(2), 11)}`,
      );
    }
  }
}

async function connections(server, floor) {
  console.log(`\nthroughput under concurrency: ${SECONDS} s per run, server then floor at each count`);
  console.log(
    `${'call'.padEnd(24)} ${pad('conns', 5)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('floor/s', 8)} ${pad('ratio', 6)}`,
  );
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': 'scaling' };
  const calls = [
    ['get_element', tool('get_element', { version: V, element_id: 'input_biometric' })],
    ['validate_datachain 15', tool('validate_datachain', { version: V, datachain: sized(15) })],
  ];
  for (const [name, req] of calls) {
    const body = JSON.stringify(req.body);
    for (const c of [1, 8, 32]) {
      const s = await load(`${server}mcp`, { connections: c, seconds: SECONDS, method: 'POST', headers, body });
      const f = await load(`${floor}?size=3500`, {
        connections: c,
        seconds: SECONDS,
        method: 'POST',
        headers,
        body: '{}',
      });
      if (s.non2xx || s.errors) throw new Error(`${name} at ${c} connections: ${s.non2xx} non-2xx, ${s.errors} errors`);
      console.log(
        `${name.padEnd(24)} ${pad(c, 5)} ${pad(s.requests.average.toFixed(0), 8)} ${pad(s.latency.p50, 7)} ${pad(s.latency.p99, 7)} ${pad(f.requests.average.toFixed(0), 8)} ${pad(`${((100 * s.requests.average) / f.requests.average).toFixed(0)}%`, 6)}`,
      );
    }
  }
}

const script = buildWorker();
const mf = start(script);
const floorMf = start('bench/floor/worker.js');
try {
  const [server, floor] = [await mf.ready, await floorMf.ready];
  await sizes(mf, floorMf);
  await connections(server.href, floor.href);
} finally {
  await mf.dispose();
  await floorMf.dispose();
}
