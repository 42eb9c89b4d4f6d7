import { nearestIds } from '../../core/suggest.js';
import { finding, type Finding, listIds, type RuleInput } from './finding.js';

/** "Did you mean" is worked out for this many distinct unknown ids per datachain; the rest get the plain hint. */
const SUGGESTED_IDS = 20;

/**
 * Each placement names a known element and, when the element has a context, one of its values; a
 * context declared `required: false` may be left out, but a value given must still be one of its values.
 */
export function placementRules({ datachain, pool, deadline }: RuleInput): Finding[] {
  const out: Finding[] = [];
  const suggestions = new Map<string, string[]>();
  const nearTo = (id: string): string[] => {
    let near = suggestions.get(id);
    if (!near) {
      near = suggestions.size < SUGGESTED_IDS ? nearestIds(id, pool.elementIds) : [];
      suggestions.set(id, near);
    }
    return near;
  };
  datachain.elements.forEach((p, i) => {
    deadline.check();
    const element = pool.elementById.get(p.element_id);
    if (!element) {
      const category = pool.categoryById.get(p.element_id);
      const near = category ? [] : nearTo(p.element_id);
      out.push(
        finding(
          'unknown_element',
          `elements[${i}].element_id`,
          pool.source === 'release'
            ? `Element '${p.element_id}' does not exist in ${pool.version}${category ? ', where it is a category' : ''}.`
            : `Element '${p.element_id}' is neither in schema_snapshot.elements nor in suggested_elements.`,
          category
            ? `A placement names an element, not a category: use one of the elements of '${category.id}' (${listIds(category.elementIds, 8)})` +
                (pool.source === 'release'
                  ? '.'
                  : ' the snapshot holds, or re-resolve the thin datachain with resolve_datachain.')
            : (near.length ? `Did you mean ${near.map((id) => `'${id}'`).join(', ')}? ` : '') +
                (pool.source === 'release'
                  ? 'Use an element id from list_elements (query or category_id narrow the list).'
                  : 'Re-resolve the thin datachain with resolve_datachain, or propose the element in suggested_elements.'),
        ),
      );
      return;
    }
    if (element.orphan) return;
    const path = `elements[${i}].context_type_id`;
    const values = () => listIds([...element.contextValueIds]);
    if (p.context_type_id !== undefined && !element.contextValueIds.has(p.context_type_id)) {
      out.push(
        finding(
          'context_type_unknown',
          path,
          element.context
            ? `context_type_id '${p.context_type_id}' is not a value of context '${element.context.id}' of element '${element.id}'.`
            : `Element '${element.id}' has no context, so context_type_id '${p.context_type_id}' does not apply.`,
          element.context ? `Use one of: ${values()}.` : `Remove context_type_id from elements[${i}].`,
        ),
      );
    } else if (p.context_type_id === undefined && element.context && element.context.required !== false) {
      out.push(
        finding(
          'context_type_missing',
          path,
          `Element '${element.id}' has context '${element.context.id}' but elements[${i}] sets no context_type_id.`,
          `Set context_type_id to one of: ${values()}.`,
        ),
      );
    }
  });
  return out;
}
