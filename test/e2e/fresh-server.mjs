// A fresh `wrangler dev` over a local bucket of its own, for the scripts that test what a server
// does from its first request on: it publishes releases to a state directory, starts the server
// there (sending nothing: it waits for the port), and stops it by its PID, waiting until the port
// is free again (wrangler can exit before workerd closes its socket).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

export const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

const fromRoot = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * The project's wrangler with `args`, as a command and its arguments for spawn: run by node
 * without `npx` (which costs most of a second of CPU to find it), since the checks start some
 * forty servers beside browsers on a two-core machine.
 */
export const wrangler = (args) => [process.execPath, [fromRoot('node_modules/wrangler/bin/wrangler.js'), ...args]];

/** The project's CLI with `args`, under Node's TypeScript loader in one process (`npx tsx` costs two more). */
const schemaCli = (args) => [process.execPath, ['--import', 'tsx', fromRoot('cli/bin.ts'), ...args]];

/** Publishes every release under `root` to a local bucket at `state`. */
export function publish(root, state) {
  const run = spawnSync(...schemaCli(['publish', '--all', '--local', '--root', root, '--persist-to', state]), {
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`publish failed:\n${run.stdout}\n${run.stderr}`);
}

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(condition, ms, what) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `wrangler dev` on `port` over `state` with `vars`, runs `work(server)` once the port is
 * open (`server.log()` is what it printed so far), then stops it. Refuses a port already in use.
 */
export async function withFreshServer({ port, state, vars = [] }, work) {
  if (await portOpen(port)) throw new Error(`port ${port} is already in use: pick another`);
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', state];
  const server = spawn(...wrangler([...args, '--log-level', 'warn', ...vars.flatMap((v) => ['--var', v])]), {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const exited = new Promise((r) => server.once('exit', r));
  try {
    await until(
      () => portOpen(port),
      120_000,
      () => `wrangler dev did not open ${port}:\n${log.slice(-2000)}`,
    );
    return await work({ url: `http://127.0.0.1:${port}`, log: () => log });
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await exited;
    await until(
      async () => !(await portOpen(port)),
      60_000,
      () => `port ${port} still open after the server stopped`,
    );
  }
}

/**
 * Runs `first` as the first request a fresh server on `port` over `state` gets; then the server's
 * log must show no fault (it reaches this process through wrangler: a last line gets a moment).
 */
export const firstRequest = (port, state, first) =>
  withFreshServer({ port, state }, async (server) => {
    await first();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.doesNotMatch(server.log(), /ReleasePending|Internal error|uncaught/i, 'the server log shows a fault');
  });
