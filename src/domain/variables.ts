/**
 * The variables a placement of an element may set: the element's own, then its category's
 * `element_variables` whose id the element does not use (an element's own definition wins). The
 * build materializes a release's elements with it, and the page, the validator and migration read
 * an element that is not materialized (a snapshot's, a release's facts) the same way.
 */
export function ownThenInherited<V extends { id: string }>(own: readonly V[], inherited: readonly V[]): V[] {
  const ids = new Set(own.map((v) => v.id));
  return [...own, ...inherited.filter((v) => !ids.has(v.id))];
}
