import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';
import { nearestIds } from '../../src/core/suggest.js';

function listDuplicates(
  ids: readonly string[],
  onMissing: (id: string, index: number) => void,
  onRepeat: (id: string, index: number, first: number) => void,
  known: ReadonlyMap<string, unknown>,
): void {
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!known.has(id)) onMissing(id, i);
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else onRepeat(id, i, first);
  });
}

/** Element -> category, category -> datachain type, and the datachain type's category lists. */
export function referenceRules(release: Release): Finding[] {
  const out: Finding[] = [];
  const known = release.declaredCategories;
  const hint = (id: string): string | undefined => {
    const near = nearestIds(id, known.keys());
    return near.length > 0 ? `Did you mean: ${near.join(', ')}? Or add categories/${id}.yaml.` : undefined;
  };
  for (const { file, value } of release.elements) {
    if (!known.has(value.category_id)) {
      out.push(
        finding(
          'category_ref_missing',
          file,
          'category_id',
          `Category "${value.category_id}" is not defined in this release.`,
          hint(value.category_id),
        ),
      );
    }
  }
  const dt = release.datachainType;
  if (!dt) return out;
  const { file } = dt;
  for (const category of release.categories) {
    if (category.value.datachain_type !== dt.value.id) {
      out.push(
        finding(
          'datachain_type_mismatch',
          category.file,
          'datachain_type',
          `datachain_type is "${category.value.datachain_type}" but the datachain type is "${dt.value.id}".`,
          `Set datachain_type: ${dt.value.id}`,
        ),
      );
    }
    if (!dt.value.categories.includes(category.value.id)) {
      out.push(
        finding(
          'category_not_in_datachain_type',
          category.file,
          'id',
          `Category "${category.value.id}" is not listed in datachain-type.yaml categories.`,
        ),
      );
    }
  }
  listDuplicates(
    dt.value.categories,
    (id, i) =>
      out.push(
        finding(
          'category_order_ref_missing',
          file,
          `categories[${i}]`,
          `Category "${id}" is listed but not defined.`,
          hint(id),
        ),
      ),
    (id, i, first) =>
      out.push(
        finding(
          'category_order_duplicate',
          file,
          `categories[${i}]`,
          `Category "${id}" is already listed at categories[${first}].`,
        ),
      ),
    known,
  );
  dt.value.subchains.forEach((subchain, s) => {
    listDuplicates(
      subchain.categories,
      (id, i) =>
        out.push(
          finding(
            'subchain_category_ref_missing',
            file,
            `subchains[${s}].categories[${i}]`,
            `Subchain "${subchain.id}" lists undefined category "${id}".`,
            hint(id),
          ),
        ),
      (id, i, first) =>
        out.push(
          finding(
            'subchain_category_duplicate',
            file,
            `subchains[${s}].categories[${i}]`,
            `Subchain "${subchain.id}" already lists "${id}" at categories[${first}].`,
          ),
        ),
      known,
    );
  });
  return out;
}
