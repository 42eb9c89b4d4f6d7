import { StorageFailure } from '../core/storage.js';

/** Workers KV takes one write to a key per second; another write to it within that second fails (429). */
export const WRITE_GAP_MS = 1000;
/** How many times a write KV refused for that limit is tried again, a gap apart, before it is given up. */
const RETRIES = 3;

/** Hands work to the request's background (`waitUntil`), so the isolate lives until it is done. */
export type Later = (work: Promise<unknown>) => void;

interface Written {
  /** When the write was made, then when KV answered it (the second is counted from the answer); for a delete, when it was made. */
  at: number;
  /** The value written; undefined once this isolate deleted the key (no write is skipped against it). */
  value: string | undefined;
  done: Promise<void>;
  settled: boolean;
}

interface Queued {
  kv: KVNamespace;
  value: string;
  ttl: number;
  tries: number;
  /** When its write comes due; long past it, with its timer not fired, the write was lost. */
  due: number;
  /** Its timer fired: the write is under way. */
  started: boolean;
  /** Given within a second after this isolate deleted the key: written though KV no longer holds the key. */
  afterDelete: boolean;
}

/** How long past its time a queued write, or a write KV has not answered, counts as lost. */
const LOST_AFTER_MS = 10 * WRITE_GAP_MS;

/** True for the error KV throws when a key was written within the last second (`KV PUT failed: 429 Too Many Requests`). */
export const isWriteLimited = (error: unknown): boolean => /\b429\b/.test(String(error));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One write or delete the caller waits for, of a key written rarely (a session's record, a key a
 * DELETE removes): an operation KV refuses for its limit is made again a second later, at most
 * RETRIES more times; any other failure, or the last refusal, throws StorageFailure.
 */
export async function waitingOutLimit<T>(
  op: () => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await op();
    } catch (error) {
      if (!isWriteLimited(error) || tries >= RETRIES) throw new StorageFailure(String(error));
    }
    await wait(WRITE_GAP_MS);
  }
}

/**
 * One isolate's writes to the session store, paced to KV's limit of one write per key per second.
 * Each key has one chain of writes, so a value never lands after a newer one this isolate gave:
 * - a key this isolate has no write or delete of in flight or queued, and none answered within the
 *   last WRITE_GAP_MS, is written now, and the caller waits for it;
 * - the same value as that last write, while nothing is queued, is not written again: the caller
 *   waits for the last write (a kept body's key names its content, so it always carries one value);
 * - any other value is queued and written a second after KV answered the last write, as
 *   background work (`later`); a newer value replaces the queued one, and the caller does not wait.
 *   Until it is in KV, `unwritten(key)` answers it, so this isolate reads what it wrote;
 * - a queued write is dropped when it comes due if KV no longer holds the key: another isolate's
 *   DELETE removed it meanwhile (the key held a value a moment before);
 * - a write KV refuses for that limit (another isolate wrote the key within the second) is queued
 *   the same way, unless a newer value is queued or the key is being deleted, and tried again at
 *   most RETRIES times (a new value starts the count again);
 * - `remove(kv, key)` deletes the key in its chain: what is queued is dropped, a write in flight
 *   is answered first, and a value given until a second after the delete is queued behind it and
 *   written without the check above;
 * - a write KV has not answered counts as lost LOST_AFTER_MS after it was made, so no caller waits
 *   longer; a queued write whose timer never fired is dropped 10-20 s past its time (20-30 s once
 *   under way), so no key is held for good.
 * Any other failure of a write the caller waits for throws StorageFailure; a background write that
 * fails is reported through `report` and dropped.
 */
export class PacedWrites {
  private readonly written = new Map<string, Written>();
  private readonly queue = new Map<string, Queued>();
  private queuePruned = 0;
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<void>;
  private readonly report: (key: string, error: unknown) => void;

  constructor(
    options: {
      now?: () => number;
      wait?: (ms: number) => Promise<void>;
      report?: (key: string, error: unknown) => void;
    } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? sleep;
    this.report =
      options.report ??
      ((key, error) =>
        console.error(
          JSON.stringify({
            level: 'error',
            event: 'session_store_write_failed',
            key: key.split(':')[0],
            error: String(error),
          }),
        ));
  }

  /** Writes `value` under `key` for `ttl` seconds, paced as above; resolves once it is in KV or queued. */
  put(kv: KVNamespace, key: string, value: string, ttl: number, later?: Later): Promise<void> {
    const now = this.now();
    this.prune(now);
    const queued = this.queue.get(key);
    if (queued) {
      if (queued.value !== value) queued.tries = 0;
      Object.assign(queued, { kv, value, ttl });
      return Promise.resolve();
    }
    const last = this.written.get(key);
    if (last && (!last.settled || now - last.at < WRITE_GAP_MS)) {
      // The same content: a refusal for the limit means another isolate has just written it.
      if (last.value === value)
        return this.bounded(last, now).catch((error: unknown) => {
          if (!(error instanceof StorageFailure && isWriteLimited(error))) throw error;
        });
      const entry = { kv, value, ttl, tries: 0, due: 0, started: false, afterDelete: last.value === undefined };
      this.enqueue(key, entry, Math.max(0, last.at + WRITE_GAP_MS - now), later);
      return Promise.resolve();
    }
    return this.writeNow(key, { kv, value, ttl, tries: 0, due: now, started: true, afterDelete: false }, now, later);
  }

  /** The newest value this isolate gave for `key` that KV may not hold yet (queued or being written), or undefined. */
  unwritten(key: string): string | undefined {
    this.prune(this.now());
    const queued = this.queue.get(key);
    if (queued) return queued.value;
    const last = this.written.get(key);
    return last && !last.settled ? last.value : undefined;
  }

  /**
   * Deletes `key` in its chain: drops what is queued for it, waits until KV has answered a write of
   * it in flight (LOST_AFTER_MS at most), then deletes it, making the delete again a second later
   * while KV refuses it for its limit (three more times at most). Until the delete is answered, and
   * for a second after, a new value for the key is queued behind it and written without asking KV
   * whether it still holds the key.
   */
  async remove(kv: KVNamespace, key: string): Promise<void> {
    const now = this.now();
    this.prune(now);
    const last = this.written.get(key);
    this.queue.delete(key);
    let answered = () => {};
    const done = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const marker: Written = { at: now, value: undefined, settled: false, done };
    this.written.delete(key);
    this.written.set(key, marker);
    try {
      if (last && !last.settled) await this.bounded(last, now).catch(() => undefined);
      marker.at = this.now();
      await waitingOutLimit(() => kv.delete(key), this.wait);
    } finally {
      marker.settled = true;
      marker.at = Math.max(marker.at, this.now());
      answered();
    }
  }

  /** How many keys this isolate remembers writing or deleting within the gap, or has queued (for tests). */
  get size(): number {
    return this.written.size + this.queue.size;
  }

  /** The answer to `last`, or nothing once KV has left it unanswered LOST_AFTER_MS (a lost write does not hold its key for good). */
  private bounded(last: Written, now: number): Promise<void> {
    if (last.settled) return last.done;
    return Promise.race([last.done, this.wait(Math.max(0, last.at + LOST_AFTER_MS - now))]);
  }

  private writeNow(key: string, entry: Queued, now: number, later?: Later): Promise<void> {
    const record: Written = { at: now, value: entry.value, settled: false, done: Promise.resolve() };
    record.done = entry.kv.put(key, entry.value, { expirationTtl: entry.ttl }).then(
      () => {
        record.settled = true;
        record.at = Math.max(record.at, this.now());
      },
      (error: unknown) => {
        record.settled = true;
        const current = this.written.get(key) === record;
        if (current) this.written.delete(key);
        if (!isWriteLimited(error) || entry.tries >= RETRIES) throw new StorageFailure(String(error));
        // Refused for the limit: tried again a second later, unless the key was deleted or a newer value is queued.
        if (current && !this.queue.has(key))
          this.enqueue(key, { ...entry, tries: entry.tries + 1, started: false }, WRITE_GAP_MS, later);
      },
    );
    this.written.delete(key);
    this.written.set(key, record);
    return record.done;
  }

  /** Queues `entry` for `key` (nothing is queued for it) and schedules its write in `delay` ms. */
  private enqueue(key: string, entry: Queued, delay: number, later?: Later): void {
    entry.due = this.now() + delay;
    this.queue.set(key, entry);
    const flush = this.wait(delay)
      .then(() => this.flush(key, entry, later))
      .catch((error: unknown) => this.report(key, error));
    if (later) later(flush);
  }

  /**
   * Makes the queued write of `entry` a second after KV answered the last write of `key` (waiting
   * for that answer at most LOST_AFTER_MS), unless it was replaced or forgotten meanwhile, or (a
   * value not given after this isolate's delete) KV no longer holds the key.
   */
  private async flush(key: string, entry: Queued, later?: Later): Promise<void> {
    if (this.queue.get(key) !== entry) return;
    entry.started = true;
    const last = this.written.get(key);
    if (last && !last.settled) await this.bounded(last, this.now()).catch(() => undefined);
    const rest = last ? last.at + WRITE_GAP_MS - this.now() : 0;
    if (rest > 0) await this.wait(rest);
    if (this.queue.get(key) !== entry) return;
    if (!entry.afterDelete) {
      const held = await entry.kv.get(key, 'text').catch(() => '');
      if (this.queue.get(key) !== entry) return;
      if (held === null) {
        this.queue.delete(key);
        return;
      }
    }
    this.queue.delete(key);
    await this.writeNow(key, entry, this.now(), later);
  }

  /**
   * Forgets answered writes and deletes older than the gap, oldest first (a key written again moves
   * to the end), and writes KV left unanswered LOST_AFTER_MS; at most once per LOST_AFTER_MS, drops
   * queued writes lost with their timer (LOST_AFTER_MS past due, twice that once started).
   */
  private prune(now: number): void {
    for (const [key, record] of this.written) {
      if (now - record.at < WRITE_GAP_MS) break;
      if (record.settled || now - record.at > LOST_AFTER_MS) this.written.delete(key);
    }
    if (now - this.queuePruned < LOST_AFTER_MS) return;
    this.queuePruned = now;
    for (const [key, entry] of this.queue) {
      if (now - entry.due > (entry.started ? 2 : 1) * LOST_AFTER_MS) this.queue.delete(key);
    }
  }
}
