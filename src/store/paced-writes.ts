import { StorageFailure } from '../core/storage.js';

/** Workers KV takes one write to a key per second; another write to it within that second fails (429). */
export const WRITE_GAP_MS = 1000;
/** How many times a write KV refused for that limit is tried again, a gap apart, before it is given up. */
const RETRIES = 3;

/** Hands work to the request's background (`waitUntil`), so the isolate lives until it is done. */
export type Later = (work: Promise<unknown>) => void;

interface Written {
  /** When the write was made, then when KV answered it: the second is counted from the later. */
  at: number;
  value: string;
  done: Promise<void>;
  settled: boolean;
}

interface Queued {
  kv: KVNamespace;
  value: string;
  ttl: number;
  tries: number;
  /** When its write comes due; long past it, the write was lost (the runtime dropped its timer). */
  due: number;
}

/** How long past its time a queued write counts as lost, and a new value starts a new one. */
const LOST_AFTER_MS = 10 * WRITE_GAP_MS;

/** True for the error KV throws when a key was written within the last second (`KV PUT failed: 429 Too Many Requests`). */
export const isWriteLimited = (error: unknown): boolean => /\b429\b/.test(String(error));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One write the caller waits for, to a key written rarely (a session's record): a write KV refuses
 * for its limit is made again a second later, at most RETRIES more times; any other failure, or the
 * last refusal, throws StorageFailure.
 */
export async function putWaitingOutLimit(
  kv: KVNamespace,
  key: string,
  value: string,
  options: KVNamespacePutOptions,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await kv.put(key, value, options);
    } catch (error) {
      if (!isWriteLimited(error) || tries >= RETRIES) throw new StorageFailure(String(error));
    }
    await wait(WRITE_GAP_MS);
  }
}

/**
 * One isolate's writes to the session store, paced to KV's limit of one write per key per second.
 * Each key has one chain of writes, so a value never overwrites a newer one this isolate gave:
 * - a key this isolate has no write of in flight, queued or answered within the last WRITE_GAP_MS
 *   is written now, and the caller waits for it;
 * - the same value as that last write, while nothing is queued, is not written again: the caller
 *   waits for the last write (a kept body's key names its content, so it always carries one value);
 * - any other value is queued and written once the second has passed and the last write was
 *   answered, as background work (`later`); a newer value replaces the queued one, and the caller
 *   does not wait. Until it is in KV, `unwritten(key)` answers it, so this isolate reads what it wrote;
 * - a queued write is dropped when it comes due if KV no longer holds the key: a DELETE, in this
 *   isolate or another, removed it meanwhile (every queued key held a value a moment before);
 * - a write KV refuses for that limit (another isolate wrote the key within the second) is queued
 *   the same way, unless a newer value is queued or the key was forgotten, and tried again at most
 *   RETRIES times.
 * Any other failure of a write the caller waits for throws StorageFailure; a background write that
 * fails is reported through `report` and dropped.
 */
export class PacedWrites {
  private readonly written = new Map<string, Written>();
  private readonly queue = new Map<string, Queued>();
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
    const queued = this.queued(key, now);
    if (queued) {
      Object.assign(queued, { kv, value, ttl });
      return Promise.resolve();
    }
    const last = this.written.get(key);
    if (last && (!last.settled || now - last.at < WRITE_GAP_MS)) {
      if (last.value === value) return last.done;
      this.enqueue(key, { kv, value, ttl, tries: 0, due: 0 }, Math.max(0, last.at + WRITE_GAP_MS - now), later);
      return Promise.resolve();
    }
    return this.writeNow(key, { kv, value, ttl, tries: 0, due: now }, now, later);
  }

  /** The newest value this isolate gave for `key` that KV may not hold yet (queued or being written), or undefined. */
  unwritten(key: string): string | undefined {
    const queued = this.queued(key, this.now());
    if (queued) return queued.value;
    const last = this.written.get(key);
    return last && !last.settled ? last.value : undefined;
  }

  /** Drops what this isolate queued or remembers writing for `key` (the key is being deleted). */
  forget(key: string): void {
    this.queue.delete(key);
    this.written.delete(key);
  }

  /** How many keys this isolate remembers writing within the gap, or has queued (for tests). */
  get size(): number {
    return this.written.size + this.queue.size;
  }

  /** The write queued for `key`, unless it is long overdue (lost: then it is dropped). */
  private queued(key: string, now: number): Queued | undefined {
    const queued = this.queue.get(key);
    if (queued && now - queued.due > LOST_AFTER_MS) {
      this.queue.delete(key);
      return undefined;
    }
    return queued;
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
        // Refused for the limit: tried again a second later, unless the key was forgotten or a newer value is queued.
        if (current && !this.queue.has(key))
          this.enqueue(key, { ...entry, tries: entry.tries + 1 }, WRITE_GAP_MS, later);
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

  /** Makes the queued write of `entry` once the last write of `key` was answered, unless it was replaced, forgotten or its key deleted. */
  private async flush(key: string, entry: Queued, later?: Later): Promise<void> {
    const last = this.written.get(key);
    if (last && !last.settled) await last.done.catch(() => undefined);
    if (this.queue.get(key) !== entry) return;
    const held = await entry.kv.get(key, 'text').catch(() => '');
    if (this.queue.get(key) !== entry) return;
    this.queue.delete(key);
    if (held === null) return;
    await this.writeNow(key, entry, this.now(), later);
  }

  /** Forgets answered writes older than the gap, oldest first (a key written again moves to the end). */
  private prune(now: number): void {
    for (const [key, record] of this.written) {
      if (now - record.at < WRITE_GAP_MS) break;
      if (record.settled) this.written.delete(key);
    }
  }
}
