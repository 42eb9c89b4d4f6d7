/**
 * `items` grouped by `keyOf`: each key's values (`valueFor`) in the order the items come, the keys
 * in the order they first come.
 */
export function groupBy<I, K, V>(items: Iterable<I>, keyOf: (item: I) => K, valueFor: (item: I) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueFor(item));
    else groups.set(key, [valueFor(item)]);
  }
  return groups;
}
