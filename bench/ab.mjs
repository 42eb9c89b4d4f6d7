// npm run bench:ab: a warm change measured against the code it changes. Serves this working tree
// (B) and a base revision (A, checked out into a temporary git worktree) side by side under
// `wrangler dev`, drives each chosen scenario at both in alternating runs (A B, then B A, ...), and
// reports what a request costs each server's workerd in CPU (user and system time of its processes
// over a run, per request answered) with the median ratio B/A, beside requests per second. Both
// move with the shared host's other work: a null run (this tree against its own HEAD, 5 runs each)
// read 96-102% for the reads and 92% for the render, so a change is told apart only when it moves
// a figure by more than that (docs/performance.md, "Twenty-first round").
// Env: AB_BASE (the revision to compare with, default HEAD), AB_ONLY (comma-separated scenario
// names, default the four of issue 32), AB_ROUNDS (runs per server and scenario, default 5),
// AB_SECONDS (per run, default 4), AB_CONNECTIONS (default 8).
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KEEP_UNLIMITED, median } from './cold-start.mjs';
import { SCENARIOS } from './scenarios.mjs';
import { startWrangler, workerdCpuMs } from './servers.mjs';

const BASE = process.env.AB_BASE ?? 'HEAD';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const SECONDS = Number(process.env.AB_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 8);
const ONLY = (
  process.env.AB_ONLY ??
  'mcp get_element,mcp list_elements limit 50,mcp validate_datachain 15 elements,mcp render_datachain + resources/read'
).split(',');

const scenarios = ONLY.map((name) => {
  const found = SCENARIOS.find((s) => s.name === name.trim() && s.target !== 'floor');
  if (!found) throw new Error(`AB_ONLY: no server scenario named '${name}' in bench/scenarios.mjs`);
  return found;
});

const here = resolve('.');
const git = (...args) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();

/** The base revision checked out beside this tree, sharing its node_modules, with its bundles built. */
function checkOutBase() {
  const dir = join(mkdtempSync(join(tmpdir(), 'dtpr-ab-')), 'base');
  git('worktree', 'add', '--detach', dir, BASE);
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'));
  execFileSync('npx', ['tsx', 'cli/gen/main.ts', 'bundles'], { cwd: dir, stdio: 'ignore' });
  return dir;
}

function run(base, requests) {
  return new Promise((done, fail) => {
    autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests }, (err, res) =>
      err ? fail(err) : done(res),
    );
  });
}

/** One run: requests per second and workerd's CPU (µs) per request; refuses a run with failures. */
async function measured(server, scenario) {
  const before = workerdCpuMs(server.child.pid);
  const r = await run(server.base, scenario.requests);
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${scenario.name}: ${server.base} answered failures`);
  return { rps: r.requests.average, cpuUs: ((workerdCpuMs(server.child.pid) - before) * 1000) / r.requests.total };
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;

const baseDir = checkOutBase();
const vars = { RATE_LIMIT: 'off', ...KEEP_UNLIMITED };
const servers = {};
try {
  servers.a = await startWrangler({ port: Number(process.env.AB_PORT ?? 8851), vars, cwd: baseDir });
  servers.b = await startWrangler({ port: Number(process.env.AB_PORT ?? 8851) + 1, vars, cwd: here });
  const rev = git('rev-parse', '--short', BASE);
  console.log(
    `A: ${BASE} (${rev}); B: this working tree. ${ROUNDS} runs each of ${SECONDS} s, ${CONNECTIONS} connections, alternating.`,
  );
  console.log("workerd's CPU per request in µs, each run [runs]; B/A: the medians' ratio (under 100% is cheaper)");
  for (const s of scenarios) {
    await run(servers.a.base, s.requests);
    await run(servers.b.base, s.requests);
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
  servers.a?.stop();
  servers.b?.stop();
  if (existsSync(baseDir)) git('worktree', 'remove', '--force', baseDir);
}
