import type { Deadline } from '../../core/deadline.js';
import type { SchemaSnapshot } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';
import { sameContent } from './same-content.js';
import { releaseSnapshot } from './snapshot.js';
import { finding, type Finding } from './finding.js';

const FIX = 'Re-resolve the datachain with resolve_datachain, or pin the version the snapshot was taken from.';

/**
 * Compares each snapshot item with the served release it pins (locale order and key order do not
 * matter) and reports every item that differs or does not exist there. Items omitted from the
 * snapshot are not drift. Categories in `skip` (required-category rule) and elements of categories
 * missing from the snapshot (element_category_unknown) are reported by those rules instead.
 */
export function driftRules(
  snapshot: SchemaSnapshot,
  served: Release,
  skip: ReadonlySet<string>,
  deadline: Deadline,
): Finding[] {
  const out: Finding[] = [];
  const release = releaseSnapshot(served);
  /** Whether a pinned item holds what the release's item (`undefined`: none) holds. */
  const same = (item: unknown, ref: unknown) => {
    deadline.check();
    return ref !== undefined && sameContent(item, ref, served.locales);
  };
  if (!same(snapshot.datachain_type, release.datachainType)) {
    out.push(
      finding(
        'snapshot_drift',
        'schema_snapshot.datachain_type',
        `schema_snapshot.datachain_type differs from the datachain type of ${served.id}.`,
        FIX,
      ),
    );
  }
  snapshot.categories.forEach((c, i) => {
    if (skip.has(c.id) || same(c, release.category(c.id))) return;
    const known = served.categoryById.has(c.id);
    out.push(
      finding(
        'snapshot_drift',
        `schema_snapshot.categories[${i}]`,
        known
          ? `Category '${c.id}' in the snapshot differs from category '${c.id}' of ${served.id}.`
          : `Category '${c.id}' in the snapshot does not exist in ${served.id}.`,
        FIX,
      ),
    );
  });
  const categories = new Set(snapshot.categories.map((c) => c.id));
  snapshot.elements.forEach((e, i) => {
    if (!categories.has(e.category_id) || same(e, release.element(e.id))) return;
    const known = served.elementById.has(e.id);
    out.push(
      finding(
        'snapshot_drift',
        `schema_snapshot.elements[${i}]`,
        known
          ? `Element '${e.id}' in the snapshot differs from element '${e.id}' of ${served.id}.`
          : `Element '${e.id}' in the snapshot does not exist in ${served.id}; propose new elements in suggested_elements.`,
        FIX,
      ),
    );
  });
  return out;
}
