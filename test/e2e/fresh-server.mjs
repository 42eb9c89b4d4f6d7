// A fresh dev server over a local bucket of its own, for the scripts that test what a server does
// from its first request on: the shipped releases published to a state directory (or a copy of
// them), the server started there (sending nothing: it waits until it listens), and stopped, waiting
// until the port is free again.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

const fromRoot = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * The project's wrangler with `args`, as a command and its arguments for spawn: run by node
 * without `npx` (which costs most of a second of CPU to find it), since the checks start some
 * forty servers beside browsers on a two-core machine.
 */
export const wrangler = (args) => [process.execPath, [fromRoot('node_modules/wrangler/bin/wrangler.js'), ...args]];

/** The project's CLI with `args`, under Node's TypeScript loader in one process (`npx tsx` costs two more). */
const schemaCli = (args) => [process.execPath, ['--import', 'tsx', fromRoot('cli/bin.ts'), ...args]];

/**
 * Runs `[command, args]` in a process of its own without blocking this one (a fresh server may be
 * running in this process, and would stop answering); resolves with its exit status and output.
 */
export function runProcess([command, args]) {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({
          status,
          stdout,
          stderr: error && typeof error.code !== 'number' ? `${stderr}${error.message}` : stderr,
        });
      },
    );
    child.stdin?.end();
  });
}

/**
 * Publishes `release` (every release when omitted) from under `root` to a local bucket at `state`;
 * rejects with the command's output when it failed.
 */
export async function publish(root, state, release) {
  const args = ['publish', release ?? '--all', '--local', '--root', root, '--persist-to', state];
  const run = await runProcess(schemaCli(args));
  if (run.status !== 0) throw new Error(`publish failed:\n${run.stdout}\n${run.stderr}`);
}

/**
 * Where test/e2e/run.mjs publishes the shipped releases (schemas/) once for every step it starts:
 * a publish takes about fourteen seconds of a core, and four steps each needed one.
 */
export const SHIPPED_STATE = 'E2E_SHIPPED_STATE';

/**
 * A local bucket at `state` holding every shipped release: a copy of the one SHIPPED_STATE names
 * (nothing else writes to it), or published here when the step runs on its own.
 */
export async function shippedState(state) {
  const shipped = process.env[SHIPPED_STATE];
  if (shipped) cpSync(shipped, state, { recursive: true });
  else await publish('schemas', state);
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

/** `promise`'s outcome, or a failure with `message()` once `ms` have passed; the timer ends either way. */
async function within(promise, ms, message) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(message())), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Holds what this process writes to stdout and stderr: `text()` is what was held so far, and
 * `release()` gives the streams back. wrangler's dev server prints the Worker's errors and its own
 * to this process's streams, so while a fresh server is up they are its log.
 */
function holdOutput() {
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write);
  let held = '';
  for (const stream of streams)
    stream.write = (chunk, encoding, done) => {
      held += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      (typeof encoding === 'function' ? encoding : done)?.();
      return true;
    };
  // Ended while holding (run.mjs stops a hung step; wrangler's own signal handler then exits): what
  // was held is written as the process ends, so the reason is not lost with it.
  const onExit = () => writeSync(2, `\nended while a fresh server ran; what it and this check printed:\n${held}\n`);
  process.once('exit', onExit);
  const release = () => {
    streams.forEach((stream, i) => (stream.write = writes[i]));
    process.off('exit', onExit);
  };
  return { text: () => held, release };
}

/** `NAME:value` pairs, as `wrangler dev --var` takes them, as the bindings its dev server is given. */
const plainText = (vars) =>
  Object.fromEntries(
    vars.map((v) => [v.slice(0, v.indexOf(':')), { type: 'plain_text', value: v.slice(v.indexOf(':') + 1) }]),
  );

/**
 * Starts a fresh dev server on `port` over `state` with `vars` (as `wrangler dev --var`), runs
 * `work(server)` once it listens (`server.log()` is what it printed so far) and fails it after
 * `workMs`, then stops the server and waits until the port is free. Refuses a port already in use.
 *
 * The server is the one `wrangler dev` starts (wrangler.toml, its [build] command, a new workerd
 * process and so a new isolate, the local bucket and KV under `state`), started through wrangler's
 * own API in this process: `wrangler dev` as a command spent about two seconds of a core loading
 * the CLI before each of the forty-odd servers the checks start. `npm start`'s command is still
 * what test/e2e/run.mjs starts for every other check.
 */
export async function withFreshServer({ port, state, vars = [], workMs = 300_000 }, work) {
  if (await portOpen(port)) throw new Error(`port ${port} is already in use: pick another`);
  // wrangler reads its settings from this process's environment (the commands had `env`).
  process.env.WRANGLER_SEND_METRICS = 'false';
  const { unstable_startWorker } = await import('wrangler');
  const output = holdOutput();
  let worker;
  let listening = false;
  let failure;
  try {
    try {
      worker = await unstable_startWorker({
        config: fromRoot('wrangler.toml'),
        bindings: plainText(vars),
        dev: {
          server: { hostname: '127.0.0.1', port },
          persist: state,
          logLevel: 'warn',
          watch: false,
          inspector: false,
        },
      });
      // The dev server reports a failure to start its Worker as an event (logged at debug level only),
      // before or after it listens.
      failure = new Promise((_, reject) =>
        worker.raw.once('error', (event) => reject(event.cause ?? new Error(event.reason))),
      );
      failure.catch(() => {});
      await within(Promise.race([worker.ready, failure]), 120_000, () => 'it did not listen within two minutes');
      listening = true;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const failed = new Error(`the dev server on ${port} did not start: ${why}\n${output.text().slice(-2000)}`);
      // dispose() waits for the server to be ready: settle that first, as wrangler does on a failed start.
      worker?.raw.proxy.ready.reject(failed);
      throw failed;
    }
    // A server that listens but whose Worker never starts leaves its first request waiting for ever.
    return await within(
      Promise.race([work({ url: `http://127.0.0.1:${port}`, log: output.text }), failure]),
      workMs,
      () => `no end within ${workMs / 1000} s; the server printed:\n${output.text().slice(-2000)}`,
    );
  } finally {
    try {
      await worker?.dispose().catch((error) => {
        if (listening) throw error;
      });
    } finally {
      output.release();
    }
    await until(
      async () => !(await portOpen(port)),
      60_000,
      () => `port ${port} still open after the server stopped`,
    );
  }
}

/**
 * What a fault looks like in the dev server's log: the Worker's errors (`console.error`, which the
 * code calls only on a fault), an error wrangler reports (an uncaught one among them), a release
 * the store could not hand over.
 */
export const FAULT = /ReleasePending|Internal error|uncaught|\[ERROR\]|\[wrangler:error\]/i;

/**
 * Runs `first` as the first request a fresh server on `port` over `state` gets; then the server's
 * log must show no fault (a last line gets a moment to arrive).
 */
export const firstRequest = (port, state, first) =>
  withFreshServer({ port, state }, async (server) => {
    await first();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.doesNotMatch(server.log(), FAULT, 'the server log shows a fault');
  });
