// Starts `wrangler dev` instances on loopback and finds their workerd processes for memory and CPU samples.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** How long a stopped server has to exit before its process group is killed. */
const STOP_GRACE_MS = 10_000;

/** The `stop` of every server started and not yet stopped. */
const running = new Set();

/** Stops every server this process started and has not stopped; resolves once all have exited. */
export function stopStarted() {
  return Promise.all([...running].map((stop) => stop()));
}

/** Whether something already answers on `base` (a server left from an earlier run). */
async function answers(base) {
  try {
    await fetch(`${base}/healthz`);
    return true;
  } catch {
    return false;
  }
}

/**
 * `vars` override wrangler vars (`--var NAME:value`), e.g. `{ RATE_LIMIT: 'off' }` for load runs;
 * `persistTo`, a folder for the local storage (KV, R2) instead of the checkout's `.wrangler/state`.
 * Refuses a port something already answers on. A server that exits or does not come up is stopped
 * before the error is thrown. `stop()` sends SIGTERM to wrangler's process group (SIGKILL after
 * STOP_GRACE_MS) and resolves once wrangler has exited.
 */
export async function startWrangler({ port, config, vars = {}, cwd = process.cwd(), persistTo }) {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) throw new Error(`something already answers on ${base}: stop it first`);
  const args = [
    'wrangler',
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--log-level',
    'error',
    ...(config ? ['--config', config] : []),
    ...(persistTo ? ['--persist-to', persistTo] : []),
    ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
  ];
  const child = spawn('npx', args, {
    cwd,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      /* gone */
    }
  };
  const stop = () => {
    running.delete(stop);
    signal('SIGTERM');
    const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    return exited.finally(() => clearTimeout(kill));
  };
  running.add(stop);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`wrangler on ${port} exited before it answered: ${err.slice(-2000)}`);
    }
    if (await answers(base)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler on ${port} did not start: ${err.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, child, stop };
}

function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* exited */
    }
  }
  return out;
}

/** The pids of the workerd processes under a wrangler process tree. */
function workerdPids(rootPid) {
  const out = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    stack.push(...childrenOf(pid));
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) out.push(pid);
    } catch {
      /* exited */
    }
  }
  return out;
}

/**
 * The CPU time (ms, to the nanosecond the scheduler counts) each thread of the workerd processes
 * under `rootPid` has run, by `pid/tid` (`/proc/<pid>/task/<tid>/schedstat`): unlike a process's
 * ticks (10 ms apiece), fine enough to read what one request cost. Empty where there is no `/proc`.
 */
export function workerdThreadRuns(rootPid) {
  const runs = new Map();
  if (!existsSync('/proc')) return runs;
  for (const pid of workerdPids(rootPid)) {
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // exited
    }
    for (const tid of tids) {
      try {
        runs.set(
          `${pid}/${tid}`,
          Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6,
        );
      } catch {
        /* the thread ended */
      }
    }
  }
  return runs;
}

/**
 * What the threads ran between two readings of `workerdThreadRuns` (a thread started between them
 * counted from nothing), and how many threads of the first reading had ended by the second: their
 * time since the first is not known, so a reading that lost one is not exact.
 */
export function ranBetween(before, after) {
  let ms = 0;
  for (const [thread, run] of after) ms += run - (before.get(thread) ?? 0);
  let lost = 0;
  for (const thread of before.keys()) if (!after.has(thread)) lost++;
  return { ms, lost };
}

/** Resident memory (KiB) of the workerd processes under a wrangler process tree. */
export function workerdRssKiB(rootPid) {
  let total = 0;
  for (const pid of workerdPids(rootPid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch {
      /* exited */
    }
  }
  return total;
}

/** Clock ticks a second, as /proc counts CPU time (USER_HZ), asked once. */
let ticksPerSecond;
const clockTicks = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })));

/**
 * CPU time (ms, user and system, every thread) the workerd processes under a wrangler process
 * tree have used so far. The difference over a run, divided by its requests, is what a request
 * costs the runtime. It leaves out what the load generator takes of the host, though it still moves
 * with the host's other work (docs/performance.md, "Twenty-first round").
 */
export function workerdCpuMs(rootPid) {
  let ticks = 0;
  for (const pid of workerdPids(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* exited */
    }
  }
  return (ticks * 1000) / clockTicks();
}
