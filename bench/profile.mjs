// npm run bench:profile: where a request's CPU time goes. Runs each profiled scenario of
// bench/scenarios.mjs in workerd (Miniflare over an unminified build of the deployable bundle)
// under V8's sampling profiler, reached through workerd's inspector, and prints the functions with
// the most self time and the source files they belong to (the bundle's source map names each
// function's file). Two profiles per scenario: warm (after warm-up
// requests, PROFILE_REQUESTS iterations, figures per iteration) and first call (a fresh isolate in a
// process where another Worker has used Intl first, as on Cloudflare: see warmProcess in
// cold-start.mjs; the scenario's first iteration only; the module's own start-up happens before
// the inspector attaches and is not in it).
// Env: PROFILE_ONLY (scenarios whose name holds it), PROFILE_REQUESTS (default 2000), PROFILE_TOP
// (rows, default 20), PROFILE_INTERVAL_US (sampling interval, default 50), INSPECTOR_PORT (8823);
// PROFILE_FIRSTS, how many fresh isolates have their first call profiled (default 1), reported as
// the mean of their self times: one first call is only a few dozen samples;
// PROFILE_CALL, a tool call as JSON (`{"name":"list_elements","arguments":{...}}`), profiles that
// call instead of the scenarios; PROFILE_BUCKET=1 serves the release bucket every release under
// schemas/ is published to (as bench:cold does), so that a call may name a release only the bucket
// holds (`dtpr@2026-09-01-beta`), read on its first call.
// PROFILE_FLOOR=1 profiles the floor instead (bench/floor/worker.js, the bare Worker the load bench
// compares with), answering `get_element`'s request at its answer's size: what any Worker's isolate
// spends on such a request, to set beside the server's.
// The raw profiles are written to dist/profile/*.cpuprofile (Chrome DevTools opens them).
// Needs a global WebSocket: run with `node --experimental-websocket` on Node 20.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { SCENARIOS } from './scenarios.mjs';
import { seededBucket, start, warmProcess } from './cold-start.mjs';
import { attribute, formatProfile, samplerInterval, sumAttributions } from './profile-report.mjs';

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2000);
const TOP = Number(process.env.PROFILE_TOP ?? 20);
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 50);
const FIRSTS = Math.max(1, Math.floor(Number(process.env.PROFILE_FIRSTS ?? 1)) || 1);
const INSPECTOR_PORT = Number(process.env.INSPECTOR_PORT ?? 8823);
/** The scenarios the issue asks profiles of; PROFILE_ONLY picks others by name. */
const DEFAULT = [
  'mcp get_element',
  'mcp list_elements limit 50',
  'mcp validate_datachain 15 elements',
  'mcp render_datachain + resources/read',
];
const OUT = 'dist/profile';

function buildUnminified() {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', OUT, '--minify', 'false'], {
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  return `${OUT}/index.js`;
}

/** One DevTools protocol connection to the Worker's isolate through workerd's inspector. */
async function inspect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  // The Worker's own isolate, named `server` by start() (Miniflare's helper Workers are listed beside it).
  const target = targets.find((t) => t.id === 'core:user:server');
  if (!target) throw new Error(`no inspector target for the server: ${targets.map((t) => t.id).join(', ')}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 1;
  const waiting = new Map();
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    const w = waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(JSON.stringify(msg.error)));
    else w.resolve(msg.result);
  };
  return {
    post: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Sends one iteration of a scenario (its requests in turn); fails on any non-200. */
async function iterate(mf, scenario) {
  const context = {};
  for (const planned of scenario.requests) {
    // A scenario's own hook (autocannon's setupRequest), e.g. a new session for each iteration.
    const req = planned.setupRequest ? planned.setupRequest({ ...planned }, context) : planned;
    // Content-Length as an HTTP client sends it (without it Miniflare's fetch streams the body chunked).
    const length = req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) };
    const res = await mf.dispatchFetch(`http://127.0.0.1${req.path}`, {
      method: req.method,
      headers: { ...req.headers, ...length },
      body: req.body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} ${text.slice(0, 200)}`);
  }
}

async function profiled(work) {
  const cdp = await inspect(INSPECTOR_PORT);
  await cdp.post('Profiler.enable');
  await cdp.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await cdp.post('Profiler.start');
  // Starting the profiler logs every function the isolate already holds; let that pass first.
  await new Promise((r) => setTimeout(r, 500));
  await work();
  const { profile } = await cdp.post('Profiler.stop');
  cdp.close();
  return profile;
}

/** A fresh isolate in a process another Worker has used Intl in first (warmProcess), as on Cloudflare. */
const fresh = async (script) => {
  const bucket = process.env.PROFILE_BUCKET === '1' ? await seededBucket() : undefined;
  const mf = start(script, bucket, { inspectorPort: INSPECTOR_PORT }, true);
  await mf.ready;
  await warmProcess(mf);
  return mf;
};

const FLOOR = process.env.PROFILE_FLOOR === '1';
const script = FLOOR ? 'bench/floor/worker.js' : buildUnminified();
const sourceMap = FLOOR ? '{"version":3,"sources":[],"names":[],"mappings":""}' : readFileSync(`${script}.map`, 'utf8');
// A scenario aimed at the floor itself (`target: 'floor'`) runs none of the server's code.
/** PROFILE_CALL as a scenario of one request, sent as the scenarios' tool calls are. */
function callScenario(call) {
  const { name, arguments: args } = JSON.parse(call);
  const [first] = SCENARIOS[0].requests;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  return { name: `call ${name} ${JSON.stringify(args)}`.slice(0, 80), requests: [{ ...first, body }] };
}
/** The floor answering `get_element`'s request at the size of the server's answer (the load bench's pairing). */
function floorScenario() {
  const [request] = SCENARIOS.find((s) => s.name === 'mcp get_element').requests;
  return { name: 'floor (bare Worker) for get_element', requests: [{ ...request, path: '/?size=3574' }] };
}
const picked = FLOOR
  ? [floorScenario()]
  : process.env.PROFILE_CALL
    ? [callScenario(process.env.PROFILE_CALL)]
    : SCENARIOS.filter(
        (s) =>
          s.target !== 'floor' &&
          (process.env.PROFILE_ONLY ? s.name.includes(process.env.PROFILE_ONLY) : DEFAULT.includes(s.name)),
      );
for (const scenario of picked) {
  const mf = await fresh(script);
  const first = await profiled(() => iterate(mf, scenario));
  for (let i = 0; i < 200; i++) await iterate(mf, scenario);
  const warm = await profiled(async () => {
    for (let i = 0; i < REQUESTS; i++) await iterate(mf, scenario);
  });
  await mf.dispose();
  const slug = scenario.name.replace(/[^\w]+/g, '-');
  writeFileSync(`${OUT}/${slug}.warm.cpuprofile`, JSON.stringify(warm));
  writeFileSync(`${OUT}/${slug}.first.cpuprofile`, JSON.stringify(first));
  // A first call is a few dozen samples, too few to read the sampler's interval from: the warm profile's serves.
  const interval = samplerInterval(warm);
  console.log(formatProfile(`${scenario.name}, warm`, attribute(warm, sourceMap, interval), TOP, REQUESTS));
  const firsts = [attribute(first, sourceMap, interval)];
  for (let i = 1; i < FIRSTS; i++) {
    const other = await fresh(script);
    firsts.push(attribute(await profiled(() => iterate(other, scenario)), sourceMap, interval));
    await other.dispose();
  }
  const title =
    FIRSTS > 1 ? `${scenario.name}, first call (mean of ${FIRSTS} isolates)` : `${scenario.name}, first call`;
  console.log(formatProfile(title, sumAttributions(firsts), TOP, FIRSTS, 'isolate'));
}
