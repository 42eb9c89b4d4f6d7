/**
 * "Did you mean" suggestions, one module for the Worker and the schema CLI. The work is bounded
 * whatever the caller sends: a wanted id longer than SUGGEST_MAX_LENGTH is never compared, at most
 * SUGGEST_MAX_CANDIDATES candidates are, and each distance stops as soon as it passes its threshold.
 */
export const SUGGEST_MAX_LENGTH = 128;
export const SUGGEST_MAX_CANDIDATES = 1000;

/**
 * Edit distance (insert, delete, substitute) between `a` and `b`, or `max + 1` as soon as it is
 * known to exceed `max`. Only the diagonal band of width `2 * max + 1` is computed: O(|a| * max).
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const far = max + 1;
  let prev = new Array<number>(b.length + 1);
  let row = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= max ? j : far;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    row.fill(far);
    row[0] = i <= max ? i : far;
    let best = row[0];
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost, far);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return far;
    [prev, row] = [row, prev];
  }
  return Math.min(prev[b.length]!, far);
}

/**
 * Up to `limit` ids close to `wanted` (case ignored): ids containing it or contained in it first,
 * then by edit distance within a third of its length (at least 2); ties by how near their length
 * is, then by name.
 */
export function nearestIds(wanted: string, ids: Iterable<string>, limit = 3): string[] {
  if (wanted.length === 0 || wanted.length > SUGGEST_MAX_LENGTH) return [];
  const w = wanted.toLowerCase();
  const max = Math.max(2, Math.floor(w.length / 3));
  const scored: Array<[string, number, number]> = [];
  let compared = 0;
  for (const id of ids) {
    if (compared++ >= SUGGEST_MAX_CANDIDATES) break;
    const l = id.toLowerCase();
    const apart = Math.abs(l.length - w.length);
    if (w.length >= 3 && (l.includes(w) || w.includes(l))) scored.push([id, 0, apart]);
    else {
      const d = boundedDistance(w, l, max);
      if (d <= max) scored.push([id, d, apart]);
    }
  }
  // Nearest first; among equals, the nearest in length ('version': schema_version before instance_version).
  scored.sort((a, b) => a[1] - b[1] || a[2] - b[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return scored.slice(0, limit).map(([id]) => id);
}
