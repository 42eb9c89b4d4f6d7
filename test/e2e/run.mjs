// Runs every end-to-end check against a live `wrangler dev`: the SDK clients (v2 also in Chromium
// from another origin), the raw protocol probe, the conformance suite (0.1.16, and the 0.2.0 alpha
// per requirement set) each with its expected-failures file, the documented curl examples, and
// (when present) the browser check of the rendered page. The steps that start fresh servers of their
// own run beside the others (each step's output is printed whole when it ends). Exits 1 if any step fails.
// Usage: node test/e2e/run.mjs   (PORT picks the port; default 8799)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publish, SHIPPED_STATE, wrangler } from './fresh-server.mjs';

const port = Number(process.env.PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

/**
 * A `wrangler dev` as `npm start` runs it (LOCAL_DEV: every caller is the one local address), with
 * the keep quota raised so every check can render, and `vars` besides. Stopped by its PID.
 */
function startServer(at, vars) {
  const all = ['LOCAL_DEV:on', 'KEEP_RENDERS_PER_HOUR:1000000', 'KEEP_BYTES_PER_HOUR:1000000000000', ...vars];
  const devArgs = ['dev', '--ip', '127.0.0.1', '--port', String(at), '--log-level', 'warn'];
  const child = spawn(...wrangler([...devArgs, ...all.flatMap((v) => ['--var', v])]), {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (d) => {
    log += d;
  });
  child.stderr.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${at}`;
  return {
    url,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
    async up() {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        try {
          if ((await fetch(`${url}/healthz`)).ok) return;
        } catch {
          /* not yet */
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      console.error(log.slice(-4000));
      throw new Error(`server did not come up on ${url}`);
    },
  };
}

// The checks share one local address, more requests a minute than its limits allow: this server
// runs with rate limiting off, and the rate-limit check gets a server of its own with it on.
const server = startServer(port, ['RATE_LIMIT:off']);
const limitedPort = port + 1;
process.on('exit', () => server.stop());

/** First and alone, since it counts answers under load: a fresh server with a padded index re-read every second, under six clients. */
const loadSteps = [['no 5xx under load across index refreshes', ['node', 'test/e2e/load-refresh.mjs']]];
/**
 * Run beside `steps`: first the checks on fresh servers of their own, which touch neither server
 * here, then one against the server started here (it keeps no state another check reads), so the
 * two lanes take about as long.
 */
const besideSteps = [
  // One fresh server per kind of first request, each scenario's over a local bucket of its own.
  ['every first request answers on a fresh server', ['node', 'test/e2e/cold-start.mjs']],
  // One fresh server per curl example of the README, each example its first request.
  ["every README curl example as a fresh server's first request", ['node', 'test/e2e/readme-first.mjs']],
  ['MCP Apps view in Chromium behind the ext-apps AppBridge (both eras)', ['node', 'test/e2e/mcp-app.mjs', base]],
];
/** Against the server started here. */
const steps = [
  ['SDK client', ['node', 'test/e2e/sdk-client.mjs', `${base}/mcp`]],
  ['SDK v2 client (2026-07-28, pinned and auto)', ['node', 'test/e2e/sdk-v2-client.mjs', `${base}/mcp`]],
  ['SDK v2 client in Chromium, from another origin', ['node', 'test/e2e/sdk-v2-browser.mjs', `${base}/mcp`]],
  ['protocol probe', ['node', 'test/e2e/protocol-probe.mjs', `${base}/mcp`]],
  // The conformance suite needs Node 22 (it runs under the Node 22 binary npm serves); every scenario, pending ones included.
  [
    'conformance',
    [
      'npx',
      '-y',
      '-p',
      'node@22',
      'node',
      'node_modules/@modelcontextprotocol/conformance/dist/index.js',
      'server',
      '--url',
      `${base}/mcp`,
      '--suite',
      'all',
      '--expected-failures',
      'test/e2e/conformance-expected-failures.yml',
    ],
  ],
  // The 0.2.0 alpha, once per requirement set: each runs what its revision requires, at its wire
  // (2025-11-25 with initialize and sessions, 2026-07-28 without), against its own baseline. A set
  // also runs scenarios it does not score, which cannot fail it; those this server can pass run
  // again on their own, so they are held to the same baseline.
  ...[
    ['2025-11-25', ['--requirements', '2025-11-25']],
    ['2025-11-25', ['--scenario', 'server-session-lifecycle', '--spec-version', '2025-11-25']],
    ['2026-07-28', ['--requirements', '2026-07-28']],
    ['2026-07-28', ['--scenario', 'http-header-validation', '--spec-version', '2026-07-28']],
  ].map(([revision, selection]) => [
    `conformance 0.2.0-alpha, ${revision}: ${selection[0] === '--requirements' ? 'requirement set' : selection[1]}`,
    [
      'npx',
      '-y',
      '-p',
      'node@22',
      'node',
      'node_modules/@modelcontextprotocol/conformance-next/dist/index.js',
      'server',
      '--url',
      `${base}/mcp`,
      ...selection,
      '--expected-failures',
      `test/e2e/conformance-next-${revision}-expected-failures.yml`,
    ],
  ]),
  ['documented curl examples', ['node', 'test/e2e/seed-curls.mjs', base]],
  ['MCP Inspector CLI', ['node', 'test/e2e/inspector.mjs', `${base}/mcp`]],
  ['rendered page in Chromium', ['node', 'test/e2e/browser.mjs', base], 'test/e2e/browser.mjs'],
  ['what a reader sees, in Chromium', ['node', 'test/e2e/reader.mjs', base], 'test/e2e/reader.mjs'],
];
/** Run against a server with rate limiting on, started after the others stop. */
const limitedSteps = [
  ['rate limit on the simulated binding', ['node', 'test/e2e/rate-limit.mjs', `http://127.0.0.1:${limitedPort}`]],
];

/** Longest a step may run before it is stopped as hung. */
const STEP_TIMEOUT_MS = 600_000;

let failures = 0;
/** Each step's name and how long it ran, printed at the end. */
const timings = [];

/** Steps running now; if this script ends early, their groups are ended with it. */
const running = new Set();
process.on('exit', () => {
  for (const child of running)
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
});

/**
 * Runs one step as a process of its own. Its output is held and printed whole when it ends, so two
 * steps running side by side do not mix their lines. A step that hangs is stopped with its process
 * group (the group this script started it in); one that is slow is not. The longest (the reader's checks in Chromium) took 6 minutes on a loaded
 * 2-core host before its pages were kept between checks.
 */
async function runStep([name, [cmd, ...args], requires]) {
  if (requires && !existsSync(requires)) return;
  console.log(`=== e2e: ${name} (started) ===`);
  const started = performance.now();
  // Its own process group, so a hung step is stopped with everything it started (by the group's id).
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (d) => (output += d));
  }
  let timedOut = false;
  const stopGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  let escalation;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup('SIGTERM');
    escalation = setTimeout(() => stopGroup('SIGKILL'), 15_000);
  }, STEP_TIMEOUT_MS);
  const [code, signal] = await new Promise((resolve) => {
    child.once('error', (error) => {
      output += `\n${error.message}`;
      resolve([null, 'a failed start']);
    });
    child.once('close', (c, s) => resolve([c, s]));
  });
  clearTimeout(timer);
  clearTimeout(escalation);
  running.delete(child);
  // Reported to show where CI's time goes; nothing passes or fails on it.
  const took = `${Math.round((performance.now() - started) / 1000)} s`;
  timings.push([name, took]);
  console.log(`\n=== e2e: ${name} ===\n${output.trimEnd()}`);
  if (code !== 0) {
    failures++;
    // A step stopped by the timeout may still exit 1 on its own (Playwright closes its browser on SIGTERM): say why.
    const why = timedOut ? `stopped after ${STEP_TIMEOUT_MS / 1000} s` : `exit ${code ?? signal}`;
    console.log(`=== e2e: ${name} FAILED (${why}) ===`);
  }
}

/** Runs steps one after another. */
async function inTurn(list) {
  for (const step of list) await runStep(step);
}

// The shipped releases, published once while the server starts, for every step that starts fresh
// servers of its own: each copies this bucket instead of publishing its own.
const shipped = mkdtempSync(join(tmpdir(), 'dtpr-shipped-'));
process.on('exit', () => rmSync(shipped, { recursive: true, force: true }));
// Both are awaited before a failure of either ends this script, so no publish outlives it.
for (const outcome of await Promise.allSettled([server.up(), publish('schemas', shipped)]))
  if (outcome.status === 'rejected') throw outcome.reason;
env[SHIPPED_STATE] = shipped;
await inTurn(loadSteps);
// The machine's two cores are rarely both busy with one step.
await Promise.all([inTurn(besideSteps), inTurn(steps)]);
server.stop();
const limited = startServer(limitedPort, []);
process.on('exit', () => limited.stop());
await limited.up();
await inTurn(limitedSteps);
limited.stop();
console.log('\ne2e steps, time each took:');
for (const [name, took] of timings) console.log(`  ${took.padStart(6)}  ${name}`);
const all = loadSteps.length + besideSteps.length + steps.length + limitedSteps.length;
console.log(`\ne2e: ${all - failures} steps passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
