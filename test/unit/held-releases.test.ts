import { describe, expect, it } from 'vitest';
import { HeldReleases } from '../../src/store/held-releases.js';
import type { Release } from '../../src/store/release.js';

const release = (id: string, contentHash = `sha256-${id}`) => ({ id, contentHash }) as Release;

describe('the bucket releases an isolate keeps parsed', () => {
  it('past the count, drops the least recently used; a use makes a release the most recent', () => {
    const held = new HeldReleases({ count: 2, bytes: 1000, floor: 1 });
    held.add(release('a'), 1);
    held.add(release('b'), 1);
    expect(held.use('a', 'sha256-a')?.id).toBe('a');
    held.add(release('c'), 1);
    expect(held.holds('a', 'sha256-a')).toBe(true);
    expect(held.holds('b', 'sha256-b')).toBe(false);
    expect(held.size).toEqual({ count: 2, bytes: 2 });
  });

  it("past the bytes, drops the least recently used down to the floor, whatever the floor's releases weigh", () => {
    const held = new HeldReleases({ count: 8, bytes: 10, floor: 2 });
    held.add(release('small'), 3);
    held.add(release('large1'), 8);
    // 11 bytes, but only the floor's two are held: both stay.
    expect(held.size).toEqual({ count: 2, bytes: 11 });
    held.add(release('large2'), 8);
    // 19 bytes: the least recently used goes, and then the floor holds.
    expect(held.holds('small', 'sha256-small')).toBe(false);
    expect(held.holds('large1', 'sha256-large1')).toBe(true);
    held.add(release('large3'), 8);
    // Over the bytes, but the two most recent are kept: a call needing both finds them.
    expect(held.holds('large1', 'sha256-large1')).toBe(false);
    expect(held.holds('large2', 'sha256-large2')).toBe(true);
    expect(held.holds('large3', 'sha256-large3')).toBe(true);
    expect(held.size).toEqual({ count: 2, bytes: 16 });
  });

  it('holds a release under its content hash only, and counts a release read again once', () => {
    const held = new HeldReleases({ count: 4, bytes: 100, floor: 1 });
    held.add(release('a', 'sha256-old'), 40);
    expect(held.use('a', 'sha256-new')).toBeUndefined();
    expect(held.holds('a', 'sha256-new')).toBe(false);
    held.add(release('a', 'sha256-new'), 50);
    expect(held.use('a', 'sha256-new')?.contentHash).toBe('sha256-new');
    expect(held.size).toEqual({ count: 1, bytes: 50 });
  });

  it('asking whether a release is held leaves the order as it is', () => {
    const held = new HeldReleases({ count: 2, bytes: 100, floor: 1 });
    held.add(release('a'), 1);
    held.add(release('b'), 1);
    expect(held.holds('a', 'sha256-a')).toBe(true);
    held.add(release('c'), 1);
    expect(held.holds('a', 'sha256-a')).toBe(false);
    expect(held.holds('b', 'sha256-b')).toBe(true);
  });
});
