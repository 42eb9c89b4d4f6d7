import type { Variable } from '../../domain/content.js';
import type { PoolElement } from './pool.js';

/**
 * JSON that fix hints suggest. The contract: a suggestion pasted as written passes the release's
 * rules at the place the hint names (a property test applies every suggestion). Texts are "...",
 * a non-empty placeholder the author replaces; multi-select values take the first option that
 * applies to the element.
 */
function exampleValue(variable: Variable, elementId: string, locales: readonly string[]): unknown[] {
  if (variable.kind !== 'multi_select_enum') return [{ locale: locales[0] ?? 'en', value: '...' }];
  const option = variable.options.find((o) => o.applies_to.includes(elementId));
  return [option?.id ?? '<option id>'];
}

/** An instance variable `{id, value}` for a declared variable. */
export function exampleVariable(variable: Variable, elementId: string, locales: readonly string[]) {
  return { id: variable.id, value: exampleValue(variable, elementId, locales) };
}

/**
 * A placement of `element` that its own rules accept: the first value of its context, and every
 * required variable with an example value.
 */
export function examplePlacement(element: PoolElement, locales: readonly string[]): Record<string, unknown> {
  const context = element.context?.values[0]?.id;
  const variables = element.requiredVariables.map((v) => exampleVariable(v, element.id, locales));
  return {
    element_id: element.id,
    ...(context !== undefined ? { context_type_id: context } : {}),
    ...(variables.length ? { variables } : {}),
  };
}

/** Of a category's elements, the one whose placement asks least of an author (fewest required variables). */
export function simplestElement(
  elementIds: readonly string[],
  elementById: ReadonlyMap<string, PoolElement>,
): PoolElement | undefined {
  let best: PoolElement | undefined;
  for (const id of elementIds) {
    const e = elementById.get(id);
    if (e && (!best || e.requiredVariables.length < best.requiredVariables.length)) best = e;
  }
  return best;
}

/** A reminder to append after suggested JSON that holds "..." placeholders (else nothing). */
export function placeholderNote(json: string): string {
  return json.includes('"..."') ? ' (replace each "..." with your text)' : '';
}

/** JSON text, followed by the placeholder reminder when it needs one. */
export function withPlaceholderNote(json: string): string {
  return `${json}${placeholderNote(json)}`;
}
