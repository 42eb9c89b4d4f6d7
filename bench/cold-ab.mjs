// npm run bench:cold-ab: a change to first calls measured against the code it changes. Builds the
// deployable bundle of this working tree (B) and of a base revision (A, checked out into a temporary
// git worktree), then times each chosen call of bench/cold-start.mjs first in fresh workerd
// processes, A and B alternating (A B, then B A, ...), over one release bucket (this tree's
// schemas/, published as bench:cold publishes them). Each sample is bench:cold's third column: the
// runtime's services and the process's shared state warm, the script's start settled, so the
// first call shows what the isolate itself adds (decisions 043, 044). Then WARM calls warm in the
// same isolate. Reports each side's medians and the first calls' B/A, with every sample, so a
// change is told apart from the isolates' spread (one side's samples overlapping the other's is
// no change); then the same for the CPU the workerd process ran for the calls, which a busy host
// does not inflate as it does their wall time.
// Env: AB_BASE (the revision to compare with, default HEAD), COLD_AB_ONLY (rows of bench:cold whose
// name holds one of its comma-separated parts, default the first `get_element`s), COLD_AB_SAMPLES
// (fresh isolates per side and call, default 11), WARM (warm calls per isolate, default 10),
// COLD_AB_RTT_MS (each side's script run behind `remoteStores`: the release bucket and the session
// store answer each call that many milliseconds later, as services a network away do).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { checkOutBase, git, removeCheckout } from './base-checkout.mjs';
import { ranBetween, workerdThreadRuns } from './servers.mjs';
import {
  buildWorker,
  median,
  realistic,
  scenarios,
  seededBucket,
  settledWorkerd,
  send,
  start,
  tool,
  V,
} from './cold-start.mjs';

const BASE = process.env.AB_BASE ?? 'HEAD';
const SAMPLES = Number(process.env.COLD_AB_SAMPLES ?? 11);
const WARM = Number(process.env.WARM ?? 10);
const ONLY = (process.env.COLD_AB_ONLY ?? 'get_element')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);

const RTT_MS = process.env.COLD_AB_RTT_MS === undefined ? undefined : Number(process.env.COLD_AB_RTT_MS);
if (RTT_MS !== undefined && !(RTT_MS >= 0)) throw new Error('COLD_AB_RTT_MS: a number of milliseconds');

const scratch = mkdtempSync(join(tmpdir(), 'dtpr-cold-ab-'));
const baseDir = join(scratch, 'base');

/**
 * A module beside the built `script` that serves it with its release bucket and its session store
 * answering each call `rttMs` later, as services a network away do on Cloudflare. Locally both are
 * simulated on the Worker's own thread and answer at once, in turn, so calls made together wait no
 * less than calls made one after another; behind this, each call waits out its own round trip, and
 * calls made together wait one. Returns its path.
 */
function remoteStores(script, rttMs) {
  const path = join(dirname(script), 'remote-stores.js');
  writeFileSync(
    path,
    `import worker from './${basename(script)}';
// A call leaves the isolate once its script yields (the runtime sends it from its event loop): the
// round trip is counted from the first turn after the call, so script run before the caller awaits
// does not overlap it.
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
const roundTrip = () => turn().then(() => new Promise((resolve) => setTimeout(resolve, ${rttMs})));
const remote = (binding, calls) =>
  new Proxy(binding, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      if (!calls.includes(name)) return value.bind(target);
      return async (...args) => {
        await roundTrip();
        return value.apply(target, args);
      };
    },
  });
// One wrapped env per env the runtime gives (the same one for every request of an isolate).
const wrapped = new WeakMap();
const remoteEnv = (env) => {
  let out = wrapped.get(env);
  if (!out) {
    out = { ...env, SESSIONS: remote(env.SESSIONS, ['get', 'put', 'delete', 'list']) };
    if (env.RELEASES) out.RELEASES = remote(env.RELEASES, ['get', 'head', 'list']);
    wrapped.set(env, out);
  }
  return out;
};
export default { fetch: (request, env, ctx) => worker.fetch(request, remoteEnv(env), ctx) };
`,
  );
  return path;
}

/** How long after a call its CPU is read: what the call left running (a background read) is counted with it. */
const AFTER_MS = 150;
const pause = () => new Promise((resolve) => setTimeout(resolve, AFTER_MS));

/**
 * One sample: a fresh workerd over `script`, warmed as bench:cold's third column, its first call
 * and warm calls timed, and the CPU the workerd process ran for them (every thread, the scheduler's
 * count, on Linux: the first call's with what it left running, AFTER_MS later; a warm call's as the
 * mean of WARM). Another process on the host delays a call but runs none of its CPU, so the CPU
 * figures tell apart changes the wall times of a busy host cannot. `lost`: threads that ended
 * while a call's CPU was read, whose share is not known.
 */
async function sample(script, bucket, req, prior) {
  const mf = await settledWorkerd(script, bucket);
  const cpu = () => workerdThreadRuns(process.pid);
  try {
    if (prior) {
      await send(mf, prior);
      await pause();
    }
    const before = cpu();
    const first = (await send(mf, req)).ms;
    await pause();
    const afterFirst = cpu();
    const warms = [];
    for (let i = 0; i < WARM; i++) warms.push((await send(mf, req)).ms);
    const afterWarm = cpu();
    const firstRun = ranBetween(before, afterFirst);
    const warmRun = ranBetween(afterFirst, afterWarm);
    return {
      first,
      warm: median(warms),
      firstCpu: firstRun.ms,
      warmCpu: warmRun.ms / WARM,
      lost: firstRun.lost + warmRun.lost,
      measured: before.size > 0,
    };
  } finally {
    await mf.dispose();
  }
}

/** The resolved form of the bench's datachain (for `validate_resolved`), as the server at `script` answers it. */
async function resolvedWith(script, bucket) {
  const mf = start(script, bucket);
  try {
    const answer = JSON.parse((await send(mf, tool('resolve_datachain', { version: V, datachain: realistic }))).text);
    return JSON.parse(answer.result.content[0].text).data;
  } finally {
    await mf.dispose();
  }
}

const ms = (x) => x.toFixed(2);

/** Removes the base's checkout and the scratch folder. */
function cleanUp() {
  removeCheckout(baseDir);
  rmSync(scratch, { recursive: true, force: true });
}

// Interrupted, the run still removes what it made (each sample's workerd ends with this process).
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    cleanUp();
    process.exit(code);
  });
}

try {
  checkOutBase(BASE, baseDir);
  // Built under this tree (Miniflare resolves a script's text modules within the directory it runs in).
  const built = {
    a: buildWorker('dist/cold-ab/a', {}, baseDir),
    b: buildWorker('dist/cold-ab/b'),
  };
  const scripts = RTT_MS === undefined ? built : { a: remoteStores(built.a, RTT_MS), b: remoteStores(built.b, RTT_MS) };
  const bucket = await seededBucket();
  const rows = scenarios(await resolvedWith(scripts.b, bucket)).filter(([name]) =>
    ONLY.some((part) => name.includes(part)),
  );
  if (rows.length === 0) throw new Error(`COLD_AB_ONLY: no row of bench:cold holds ${ONLY.join(' or ')}`);
  console.log(
    `A: ${BASE} (${git('rev-parse', '--short', BASE)}); B: this working tree. ${SAMPLES} fresh isolates a side and call, alternating; services and process warm, start settled; warm: median of ${WARM} calls${RTT_MS === undefined ? '' : `; each call to the bucket or the session store answered ${RTT_MS} ms later`}`,
  );
  for (const [name, req, prior] of rows) {
    const got = { a: [], b: [] };
    for (let i = 0; i < SAMPLES; i++) {
      for (const side of i % 2 === 0 ? ['a', 'b'] : ['b', 'a'])
        got[side].push(await sample(scripts[side], bucket, req, prior));
    }
    const first = (side) => median(got[side].map((s) => s.first));
    const warm = (side) => median(got[side].map((s) => s.warm));
    const list = (side) => got[side].map((s) => s.first.toFixed(1)).join(' ');
    console.log(
      `${name}: A first ${ms(first('a'))} warm ${ms(warm('a'))} [${list('a')}] | B first ${ms(first('b'))} warm ${ms(warm('b'))} [${list('b')}] | first B/A ${((first('b') / first('a')) * 100).toFixed(1)}%`,
    );
    if (!got.a.every((s) => s.measured) || !got.b.every((s) => s.measured)) continue; // no /proc: no CPU figures
    const cpuOf = (side, key) => median(got[side].map((s) => s[key]));
    const cpuList = (side) => got[side].map((s) => s.firstCpu.toFixed(1)).join(' ');
    const lost = [...got.a, ...got.b].filter((s) => s.lost > 0).length;
    console.log(
      `  CPU: A first ${ms(cpuOf('a', 'firstCpu'))} warm ${ms(cpuOf('a', 'warmCpu'))} [${cpuList('a')}] | B first ${ms(cpuOf('b', 'firstCpu'))} warm ${ms(cpuOf('b', 'warmCpu'))} [${cpuList('b')}] | first B/A ${((cpuOf('b', 'firstCpu') / cpuOf('a', 'firstCpu')) * 100).toFixed(1)}%${lost ? `; ${lost} samples lost a thread while read (their CPU is short by its share)` : ''}`,
    );
  }
} finally {
  cleanUp();
}
