import type { Category, Element, MaterializedElement } from '../../src/domain/content.js';
import { ownThenInherited } from '../../src/domain/variables.js';

/** Icon variant tokens: `default`, `dark`, then `<value>` and `<value>.dark` per context value. */
function iconVariants(element: Element, category: Category): string[] {
  const context = element.context ?? category.element_context;
  return ['default', 'dark', ...(context?.values.flatMap((v) => [v.id, `${v.id}.dark`]) ?? [])];
}

/**
 * The served form of an element: its own variables then the category's `element_variables`
 * whose id it does not already use, the category's shape, and its icon variants.
 */
export function materializeElement(element: Element, category: Category): MaterializedElement {
  return {
    id: element.id,
    category_id: element.category_id,
    title: element.title,
    description: element.description,
    authoring_guidance: element.authoring_guidance,
    examples: element.examples,
    sources: element.sources,
    search_terms: element.search_terms,
    symbol_id: element.symbol_id,
    variables: ownThenInherited(element.variables, category.element_variables),
    ...(element.context ? { context: element.context } : {}),
    shape: category.shape,
    icon_variants: iconVariants(element, category),
  };
}
