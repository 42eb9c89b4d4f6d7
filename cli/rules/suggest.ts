function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/** Edit distance (insert, delete, substitute) between two strings. */
export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The `limit` candidates nearest to `name`: longest shared prefix, then edit distance, then name. */
export function nearestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  return [...candidates]
    .map((c) => ({ c, prefix: commonPrefix(name, c), distance: levenshtein(name, c) }))
    .sort((x, y) => y.prefix - x.prefix || x.distance - y.distance || (x.c < y.c ? -1 : x.c > y.c ? 1 : 0))
    .slice(0, limit)
    .map((x) => x.c);
}
