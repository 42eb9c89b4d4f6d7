/** One cached output body, and when this isolate last stored it in KV (undefined: it did not). */
export interface CachedBody {
  body: string;
  storedAt?: number;
}

/**
 * Output bodies by content hash, in isolate memory, least recently used dropped first once their
 * total length passes `maxChars` (UTF-16 code units). A hash names one body forever, so an entry
 * is never stale; a body longer than `maxChars` is not kept.
 */
export class BodyCache {
  private readonly entries = new Map<string, CachedBody>();
  private total = 0;

  constructor(readonly maxChars: number) {}

  /** The entry for `hash`, now the most recently used. */
  get(hash: string): CachedBody | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    return entry;
  }

  set(hash: string, entry: CachedBody): void {
    const previous = this.entries.get(hash);
    if (previous) {
      this.entries.delete(hash);
      this.total -= previous.body.length;
    }
    if (entry.body.length > this.maxChars) return;
    this.entries.set(hash, entry);
    this.total += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxChars) break;
      this.entries.delete(oldest);
      this.total -= old.body.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get chars(): number {
    return this.total;
  }
}
