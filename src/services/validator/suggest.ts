/** Edit distance with an early exit once every cell of a row exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** Up to `limit` ids close to `wanted`: containing it or contained in it first, then by edit distance. */
export function nearestIds(wanted: string, ids: readonly string[], limit = 3): string[] {
  const w = wanted.toLowerCase();
  const max = Math.max(2, Math.floor(w.length / 3));
  const scored: Array<[string, number]> = [];
  for (const id of ids) {
    const l = id.toLowerCase();
    if (w.length >= 3 && (l.includes(w) || w.includes(l))) scored.push([id, 0]);
    else {
      const d = distance(w, l, max);
      if (d <= max) scored.push([id, d]);
    }
  }
  scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return scored.slice(0, limit).map(([id]) => id);
}
