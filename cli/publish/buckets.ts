import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { PublishFailure } from './failure.js';

/** The release bucket's name, as wrangler.toml binds it (`RELEASES`). */
export const RELEASE_BUCKET = 'dtpr-releases';

/** An object's text and the etag that identifies this version of it. */
export interface Stored {
  text: string;
  etag: string;
}

/** When a write may happen: the object is still the version read (`etagMatches`), or absent. */
export type Condition = { etagMatches: string } | { absent: true };

/**
 * The operations publishing needs. `get` answers `undefined` for a missing key. `put` without a
 * condition always writes; with one it writes only when the condition holds and answers whether it
 * wrote. `atomic` says whether the check and the write are one step in the bucket (then two
 * publishers can never both pass one condition), or a read before the write (a short window where
 * they can: see the client).
 */
export interface BucketClient {
  readonly atomic: boolean;
  get(key: string): Promise<Stored | undefined>;
  put(key: string, text: string, condition?: Condition): Promise<boolean>;
  close(): Promise<void>;
}

/** R2's form of a condition: `etagDoesNotMatch: '*'` is "no object under this key". */
function r2OnlyIf(condition: Condition): { etagMatches: string } | { etagDoesNotMatch: string } {
  return 'absent' in condition ? { etagDoesNotMatch: '*' } : condition;
}

/**
 * How many times one storage call of the local simulation is made before it is a failure. Under
 * load on two cores, its storage refused a read 10 times in a row (about 0.6 s of pauses) while
 * another process wrote, once 20 times (about 4 s) while a test run shared the machine, and once
 * every call for more than 18 s, until the process gave up: a runtime can stay stuck, so after
 * every RESTART_AFTER refusals in a row the call restarts the simulation (`localBucket`) before
 * it tries again. 30 calls with pauses growing to 1.2 s span about 9 s and two restarts.
 */
const TRIES = 30;
const RESTART_AFTER = 10;

/**
 * Runs one call of the local simulation again when it throws: two processes writing one
 * persisted bucket (two publishes at once) make its storage refuse a call now and then with a bare
 * "Unspecified error" or a failed assertion. Every write publishing makes may be repeated, whether
 * the refused call wrote or not: objects are named by their content, and a conditional write
 * that did land makes its repeat answer "not written", which publishing reads as a conflict and
 * resolves by reading again. After RESTART_AFTER refusals in a row, and again after as many more,
 * `stuck` is awaited (a fresh runtime) before the next try. After TRIES failures it is a
 * PublishFailure.
 */
async function patiently<T>(
  what: string,
  call: () => Promise<T>,
  stuck: (reason: string) => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      // Publishing's own refusals (a closed bucket) are final; only the simulation's are tried again.
      if (error instanceof PublishFailure) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= TRIES)
        throw new PublishFailure(
          `the local bucket failed to ${what} ${TRIES} times: ${reason}`,
          'Stop other processes using .wrangler/state (another publish, wrangler dev) and run this again.',
        );
      await sleep(5 + Math.random() * 40 * attempt);
      if (attempt % RESTART_AFTER === 0) await stuck(`${what}: ${reason}`);
    }
  }
}

/** A running simulation and its bucket binding. */
type Simulation = { mf: Miniflare; bucket: Awaited<ReturnType<Miniflare['getR2Bucket']>> };

/** Where the simulation's files are, and what to do when they cannot be opened. */
const startFix = (persistTo: string): string =>
  `Stop other processes using ${persistTo} (another publish, wrangler dev) and run this again. If it still fails, the simulation's files are damaged: delete ${join(persistTo, 'v3', 'r2')} (the local bucket is only a simulation) and publish again.`;

/**
 * Starts the simulation (miniflare) over the persisted bucket. Its runtime cannot start while
 * another process holds the storage ("database is locked", two publishes at once); such a start is
 * disposed, so nothing keeps this process alive, and tried again, TRIES times in all. Any other
 * failed start (damaged files) is a PublishFailure at once, with the runtime's own one-line reason.
 */
async function startSimulation(persistTo: string): Promise<Simulation> {
  for (let attempt = 1; ; attempt++) {
    const start = simulation(persistTo);
    try {
      return { mf: start.mf, bucket: await start.mf.getR2Bucket('RELEASES') };
    } catch (error) {
      await start.mf.dispose().catch(() => undefined);
      // The runtime's last lines may still be on their way (none come when it never started).
      await Promise.race([start.ended, sleep(2000)]);
      const reason = start.fatal() ?? (error instanceof Error ? error.message : String(error));
      const busy = /SQLITE_BUSY|database is locked/.test(reason);
      if (!busy || attempt >= TRIES)
        throw new PublishFailure(
          `the local bucket's simulation failed to start${busy ? ` ${TRIES} times` : ''} (${reason})`,
          startFix(persistTo),
        );
      await sleep(50 + Math.random() * 100 * attempt);
    }
  }
}

/** The runtime's report of a fatal start, "*** Fatal uncaught kj::Exception: …: failed: <reason>". */
const FATAL = /Fatal uncaught kj::Exception: .*?failed: (?:SENTRY_DO )?(.*)$/;

/** The reason of a fatal report in one line: "SQLite failed; database is locked: SQLITE_BUSY". */
const reasonOf = (found: string) =>
  found
    .replace('NOSENTRY ', '')
    .replace(/\w+\([^)]*\) = /, '')
    .trim();

/**
 * The simulation's configuration: the one bucket, persisted where wrangler dev reads it. Its
 * runtime's output is shown line by line, except the warning it prints for each storage call
 * refused under a concurrent writer (those calls are repeated: `patiently`) and a fatal start
 * (its report and the stack after it), which `fatal()` answers instead so startSimulation can
 * report it once. `ended` resolves when the runtime's error output has ended.
 */
function simulation(persistTo: string): { mf: Miniflare; fatal: () => string | undefined; ended: Promise<void> } {
  let fatal: string | undefined;
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const line = (text: string) => {
    const found = FATAL.exec(text);
    if (found) fatal ??= reasonOf(found[1]!);
    else if (fatal === undefined && !text.includes('does not contain the CF-R2-Error header'))
      process.stderr.write(`${text}\n`);
  };
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 204 }) };',
    r2Buckets: { RELEASES: RELEASE_BUCKET },
    r2Persist: join(persistTo, 'v3', 'r2'),
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
      let pending = '';
      stderr.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        for (const text of lines) line(text);
      });
      stderr.once('end', () => {
        if (pending) line(pending);
        ended();
      });
    },
  });
  return { mf, fatal: () => fatal, ended: done };
}

/**
 * The local bucket `npm start` (wrangler dev) serves: wrangler's simulation of R2 (miniflare),
 * persisted under `<persistTo>/v3/r2` (wrangler's default `--persist-to` is `.wrangler/state`).
 * Conditions are R2's `onlyIf`, checked and written in one storage transaction: atomic, across
 * processes too. A call that keeps failing restarts the simulation (`patiently`): the runtime in
 * use is disposed and a new one started over the same files, once for all the calls that were
 * waiting on the old one; calls go on with whichever runtime is current when they try again.
 */
export async function localBucket(persistTo: string): Promise<BucketClient> {
  let current = await startSimulation(persistTo);
  let restarting: Promise<void> | undefined;
  let closed: Promise<void> | undefined;
  /** A call made after `close`: refused at once, and never a reason to start a runtime. */
  const refuseIfClosed = () => {
    if (closed)
      throw new PublishFailure(
        'the local bucket was used after it was closed.',
        'Publish again: each publish opens the bucket for its own calls.',
      );
  };
  /** Replaces `from` with a fresh runtime, unless another call has already replaced it; says so. */
  const restart = (from: Simulation, reason: string): Promise<void> => {
    refuseIfClosed();
    if (current !== from) return Promise.resolve();
    restarting ??= (async () => {
      process.stderr.write(
        `The local bucket's simulation refused ${RESTART_AFTER} calls in a row (the last: ${reason}); starting a fresh one over the same files.\n`,
      );
      await from.mf.dispose().catch(() => undefined);
      current = await startSimulation(persistTo);
    })().finally(() => (restarting = undefined));
    return restarting;
  };
  /** One call of `patiently` on the current runtime; a stuck one is replaced before the next try. */
  const withBucket = <T>(what: string, call: (bucket: Simulation['bucket']) => Promise<T>): Promise<T> => {
    let used = current;
    return patiently(
      what,
      async () => {
        if (restarting) await restarting;
        refuseIfClosed();
        used = current;
        return call(used.bucket);
      },
      (reason) => restart(used, reason),
    );
  };
  return {
    atomic: true,
    get: (key) =>
      withBucket(`read ${key}`, async (bucket) => {
        const object = await bucket.get(key);
        return object ? { text: await object.text(), etag: object.etag } : undefined;
      }),
    put: (key, text, condition) =>
      withBucket(`write ${key}`, async (bucket) => {
        const written = await bucket.put(key, text, {
          httpMetadata: { contentType: 'application/json' },
          ...(condition && { onlyIf: r2OnlyIf(condition) }),
        });
        return written !== null;
      }),
    // Closing twice is one close; a runtime a failed restart left disposed is not disposed again.
    close: () =>
      (closed ??= (async () => {
        await restarting?.catch(() => undefined);
        await current.mf.dispose().catch(() => undefined);
      })()),
  };
}
