import { type ContextFacts, type ReleaseFacts, releaseFacts, type VariableFacts } from '../../domain/release-facts.js';
import type { Release } from '../../store/release.js';
import { type ReleaseView, releaseView } from '../../store/views.js';
import { ownThenInherited } from '../../domain/variables.js';

/** The facts of a release, built once per release and isolate. */
export const factsOf: ReleaseView<ReleaseFacts> = releaseView((release: Release) => releaseFacts(release.bundle));

/** What a placement of an element is checked against: its category, its variables (own, then the category's) and its context. */
export interface ElementShape {
  categoryId: string;
  variables: readonly VariableFacts[];
  context: ContextFacts | undefined;
}

export function elementShape(facts: ReleaseFacts, elementId: string): ElementShape | undefined {
  const element = Object.hasOwn(facts.elements, elementId) ? facts.elements[elementId] : undefined;
  if (!element) return undefined;
  const category = facts.categories[element.category_id];
  return {
    categoryId: element.category_id,
    variables: ownThenInherited(element.variables ?? [], category?.element_variables ?? []),
    context: element.context ?? category?.element_context,
  };
}

/**
 * The element of `to` that takes the place of `elementId`, which `to` lacks: the one element new in
 * `to` (absent from `from`) that draws the same symbol. Undefined when none does, or more than one.
 * This is how a renamed element is recognised from facts alone (the six functional modes of the
 * ai line became action verbs that kept their pictograms).
 */
export function successorOf(from: ReleaseFacts, to: ReleaseFacts, elementId: string): string | undefined {
  const symbol = Object.hasOwn(from.elements, elementId) ? from.elements[elementId]!.symbol_id : undefined;
  if (symbol === undefined) return undefined;
  const candidates = Object.values(to.elements).filter(
    (e) => e.symbol_id === symbol && !Object.hasOwn(from.elements, e.id),
  );
  return candidates.length === 1 ? candidates[0]!.id : undefined;
}
