import { StorageFailure } from '../core/storage.js';

/** Workers KV takes one write to a key per second; another write to it within that second fails (429). */
export const WRITE_GAP_MS = 1000;
/** How many times a write KV refused for that limit is tried again, a gap apart, before it is given up. */
const RETRIES = 3;

/** Hands work to the request's background (`waitUntil`), so the isolate lives until it is done. */
export type Later = (work: Promise<unknown>) => void;

interface Written {
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
}

/** True for the error KV throws when a key was written within the last second (`KV PUT failed: 429 Too Many Requests`). */
export const isWriteLimited = (error: unknown): boolean => /\b429\b/.test(String(error));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One isolate's writes to the session store, paced to KV's limit of one write per key per second:
 * - a key this isolate has not written within the last WRITE_GAP_MS is written now, and the caller
 *   waits for it;
 * - the same value again within the gap is not written again: the caller waits for the first write
 *   (a kept body's key names its content, so the same key always carries the same value);
 * - another value within the gap is queued and written once the gap has passed, as background work
 *   (`later`); the newest queued value wins and the caller does not wait. Until it is in KV,
 *   `unwritten(key)` answers it, so this isolate reads what it wrote;
 * - a write KV refuses for that limit (another isolate wrote the key within the second) is queued
 *   the same way, and tried again at most RETRIES times.
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
    const last = this.written.get(key);
    if (last && now - last.at < WRITE_GAP_MS) {
      if (last.value === value && !this.queue.has(key)) return last.done;
      this.enqueue(key, { kv, value, ttl, tries: 0 }, last.at + WRITE_GAP_MS - now, later);
      return Promise.resolve();
    }
    return this.writeNow(key, { kv, value, ttl, tries: 0 }, now, later);
  }

  /** The newest value this isolate gave for `key` that KV may not hold yet (queued or being written), or undefined. */
  unwritten(key: string): string | undefined {
    const queued = this.queue.get(key);
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

  private writeNow(key: string, entry: Queued, now: number, later?: Later): Promise<void> {
    const record: Written = { at: now, value: entry.value, settled: false, done: Promise.resolve() };
    record.done = entry.kv.put(key, entry.value, { expirationTtl: entry.ttl }).then(
      () => {
        record.settled = true;
      },
      (error: unknown) => {
        record.settled = true;
        if (this.written.get(key) === record) this.written.delete(key);
        if (isWriteLimited(error) && entry.tries < RETRIES) {
          this.enqueue(key, { ...entry, tries: entry.tries + 1 }, WRITE_GAP_MS, later);
          return;
        }
        throw new StorageFailure(String(error));
      },
    );
    this.written.delete(key);
    this.written.set(key, record);
    return record.done;
  }

  /** Queues `entry` for `key`; the first entry queued schedules the write, a later one replaces its value. */
  private enqueue(key: string, entry: Queued, delay: number, later?: Later): void {
    const scheduled = this.queue.has(key);
    this.queue.set(key, entry);
    if (scheduled) return;
    const flush = this.wait(delay)
      .then(() => {
        const queued = this.queue.get(key);
        if (!queued) return; // forgotten: the key was deleted meanwhile
        this.queue.delete(key);
        return this.writeNow(key, queued, this.now(), later);
      })
      .catch((error: unknown) => this.report(key, error));
    if (later) later(flush);
  }

  /** Forgets writes older than the gap; they are oldest first, as a key written again moves to the end. */
  private prune(now: number): void {
    for (const [key, record] of this.written) {
      if (now - record.at < WRITE_GAP_MS) break;
      if (record.settled) this.written.delete(key);
    }
  }
}
