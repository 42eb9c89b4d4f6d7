// npm run bench:ab: a warm change measured against the code it changes. Serves this working tree
// (B) and a base revision (A, checked out into a temporary git worktree) side by side under
// `wrangler dev`, each with fresh local storage; checks that both answer each chosen scenario's
// requests with successes, drives it at both in alternating runs (A B, then B A, ...), and
// reports what a request costs each server's workerd in CPU (user and system time of its processes
// over a run, per request answered) with the median ratio B/A, beside requests per second. Both
// move with the shared host's other work: a null run (this tree against its own HEAD, 5 runs each)
// read 96-102% for the reads and 92% for the render, so a change is told apart only when it moves
// a figure by more than that (docs/performance.md, "Twenty-first round").
// Env: AB_BASE (the revision to compare with, default HEAD), AB_ONLY (scenario names, separated by
// commas before each name's `mcp`, `rest` or `reference`; default the four of issue 32), AB_ROUNDS
// (runs per server and scenario, default 5), AB_SECONDS (per run, default 4), AB_CONNECTIONS
// (default 8).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkOutBase, git, removeCheckout } from './base-checkout.mjs';
import { checkedAnswers } from './checked-answers.mjs';
import { KEEP_UNLIMITED, median } from './cold-start.mjs';
import { load, measuredLoad } from './load.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { startWrangler, stopStarted } from './servers.mjs';

const BASE = process.env.AB_BASE ?? 'HEAD';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const SECONDS = Number(process.env.AB_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 8);
const ONLY = (
  process.env.AB_ONLY ??
  'mcp get_element,mcp list_elements limit 50,mcp validate_datachain 15 elements,mcp render_datachain + resources/read'
).split(/,(?=\s*(?:mcp|rest|reference) )/);

const scenarios = ONLY.map((name) => {
  const found = SCENARIOS.find((s) => s.name === name.trim() && s.target !== 'floor');
  if (!found) throw new Error(`AB_ONLY: no server scenario named '${name}' in bench/scenarios.mjs`);
  return found;
});

const here = resolve('.');

/** A folder of this run's own, removed at the end: the base's checkout and each server's local storage. */
const scratch = mkdtempSync(join(tmpdir(), 'dtpr-ab-'));
const baseDir = join(scratch, 'base');

/** A fresh folder for a server's local storage, so both start from the same empty state. */
function storageFor(name) {
  const dir = join(scratch, `state-${name}`);
  mkdirSync(dir);
  return dir;
}

const options = (scenario) => ({ connections: CONNECTIONS, seconds: SECONDS, requests: scenario.requests });

/** One run: requests per second and workerd's CPU (µs) per request; refuses a run with failures. */
async function measured(server, scenario) {
  const r = await measuredLoad(server, options(scenario));
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${scenario.name}: ${server.base} answered failures`);
  return { rps: r.requests.average, cpuUs: r.cpuPerRequest * 1000 };
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;

const vars = { RATE_LIMIT: 'off', ...KEEP_UNLIMITED };
const servers = {};

/** Stops every server started (waiting for each to exit), then removes the checkout and the scratch folder. */
async function cleanUp() {
  await stopStarted();
  removeCheckout(baseDir);
  rmSync(scratch, { recursive: true, force: true });
}

// Interrupted, the run still stops what it started and removes what it made; a second signal
// while it does so is ignored.
let interrupted = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    cleanUp().finally(() => process.exit(code));
  });
}

try {
  checkOutBase(BASE, baseDir);
  const port = Number(process.env.AB_PORT ?? 8851);
  servers.a = await startWrangler({ port, vars, cwd: baseDir, persistTo: storageFor('a') });
  servers.b = await startWrangler({ port: port + 1, vars, cwd: here, persistTo: storageFor('b') });
  const rev = git('rev-parse', '--short', BASE);
  console.log(
    `A: ${BASE} (${rev}); B: this working tree. ${ROUNDS} runs each of ${SECONDS} s, ${CONNECTIONS} connections, alternating.`,
  );
  console.log("workerd's CPU per request in µs, each run [runs]; B/A: the medians' ratio (under 100% is cheaper)");
  for (const s of scenarios) {
    // Both answer every request of the scenario with a success before either is timed.
    await checkedAnswers(servers.a.base, s);
    await checkedAnswers(servers.b.base, s);
    await load(servers.a.base, options(s));
    await load(servers.b.base, options(s));
    const a = [];
    const b = [];
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
      for (const k of order) (k === 'a' ? a : b).push(await measured(servers[k], s));
    }
    const cpu = (xs) => median(xs.map((x) => x.cpuUs));
    const rps = (xs) => median(xs.map((x) => x.rps));
    const list = (xs) => xs.map((x) => Math.round(x.cpuUs)).join(' ');
    console.log(
      `${s.name}: A ${Math.round(cpu(a))} [${list(a)}], B ${Math.round(cpu(b))} [${list(b)}]: CPU B/A ${pct(cpu(b) / cpu(a))}, req/s B/A ${pct(rps(b) / rps(a))}`,
    );
  }
} finally {
  await cleanUp();
}
