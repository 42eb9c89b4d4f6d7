import { type ContextFacts, type ReleaseFacts, releaseFacts, type VariableFacts } from '../../domain/release-facts.js';
import type { Release } from '../../store/release.js';
import { type ReleaseView, releaseView } from '../../store/views.js';

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
  const own = element.variables ?? [];
  const ownIds = new Set(own.map((v) => v.id));
  return {
    categoryId: element.category_id,
    variables: [...own, ...(category?.element_variables ?? []).filter((v) => !ownIds.has(v.id))],
    context: element.context ?? category?.element_context,
  };
}
