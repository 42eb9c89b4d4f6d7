import type { Release } from './release.js';

export interface HeldBounds {
  /** Most releases held. */
  count: number;
  /** Most bytes of the objects the held releases were read from. */
  bytes: number;
  /** Releases always kept, the most recently used, whatever their bytes. */
  floor: number;
}

/**
 * The bucket releases one isolate keeps parsed, least recently used first (decision 064). Bounded
 * by count and by the bytes of the objects they were read from: a release's parsed form and the
 * views built beside it (search indexes, pools) take about ten times its object's bytes, so a count
 * alone would let a few large releases take most of an isolate's memory. Past either bound the
 * least recently used is dropped, but the byte bound never drops below the `floor` most recently
 * used: a call that needs several releases at once (a migration needs two) finds them all held
 * once the seam has read them, rather than dropping one to read the next.
 */
export class HeldReleases {
  private readonly releases = new Map<string, { release: Release; bytes: number }>();
  private total = 0;

  constructor(private readonly bounds: HeldBounds) {}

  /** The release held for `id` under `contentHash`, which becomes the most recently used; else undefined. */
  use(id: string, contentHash: string): Release | undefined {
    const hit = this.releases.get(id);
    if (!hit || hit.release.contentHash !== contentHash) return undefined;
    this.releases.delete(id);
    this.releases.set(id, hit);
    return hit.release;
  }

  /** The release held for `id` under `contentHash`, else undefined; the order is left as it is (a look, not a use). */
  peek(id: string, contentHash: string): Release | undefined {
    const release = this.releases.get(id)?.release;
    return release?.contentHash === contentHash ? release : undefined;
  }

  /** Whether `id` is held under `contentHash` (the order is left as it is). */
  holds(id: string, contentHash: string): boolean {
    return this.peek(id, contentHash) !== undefined;
  }

  /** Holds `release`, read from an object of `bytes` bytes, as the most recently used; then drops what is past the bounds. */
  add(release: Release, bytes: number): void {
    this.drop(release.id);
    this.releases.set(release.id, { release, bytes });
    this.total += bytes;
    const { count, bytes: most, floor } = this.bounds;
    while (this.releases.size > count || (this.total > most && this.releases.size > floor))
      this.drop(this.releases.keys().next().value!);
  }

  /** How many releases are held, and the bytes of their objects. */
  get size(): { count: number; bytes: number } {
    return { count: this.releases.size, bytes: this.total };
  }

  private drop(id: string): void {
    const held = this.releases.get(id);
    if (!held) return;
    this.releases.delete(id);
    this.total -= held.bytes;
  }
}
