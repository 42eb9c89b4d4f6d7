import type { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';
import { finding, listIds, type Finding } from './finding.js';

/** Suggested elements need AI provenance and ids of their own (not those of the pinned release, when served). */
export function suggestionRules(datachain: ResolvedDatachainInstance, reference: Release | undefined): Finding[] {
  const out: Finding[] = [];
  const suggested = datachain.suggested_elements;
  if (suggested.length && datachain.authoring_provenance?.kind !== 'ai_generated') {
    out.push(
      finding(
        'provenance_required',
        'authoring_provenance',
        `suggested_elements has ${suggested.length} element(s), which only an AI-generated datachain may propose.`,
        'Set authoring_provenance to {"kind":"ai_generated"} (with element_provenance for the suggestions), or move the suggestions out of suggested_elements.',
      ),
    );
  }
  const snapshotIds = new Set(datachain.schema_snapshot.elements.map((e) => e.id));
  const seen = new Map<string, number>();
  suggested.forEach((e, i) => {
    const where = seen.has(e.id)
      ? `suggested_elements[${seen.get(e.id)}]`
      : snapshotIds.has(e.id)
        ? 'schema_snapshot.elements'
        : reference?.elementById.has(e.id)
          ? `the schema version ${reference.id}`
          : undefined;
    if (!seen.has(e.id)) seen.set(e.id, i);
    if (where === undefined) return;
    out.push(
      finding(
        'element_id_collision',
        `suggested_elements[${i}].id`,
        `Suggested element id '${e.id}' is already used by ${where}.`,
        `Rename the suggestion (e.g. "${e.id}_proposed"), or place the existing element '${e.id}' instead of suggesting it.`,
      ),
    );
  });
  return out;
}

/**
 * Each id appears once among the snapshot's categories and once among its elements: a second item
 * with the same id is reported where it stands (a render would otherwise show one copy and drop the
 * other, and the drift check compare only one).
 */
export function snapshotDuplicateRules(datachain: ResolvedDatachainInstance): Finding[] {
  const out: Finding[] = [];
  const check = (list: ReadonlyArray<{ id: string }>, base: string, kind: string) => {
    const first = new Map<string, number>();
    list.forEach((item, i) => {
      const at = first.get(item.id);
      if (at === undefined) {
        first.set(item.id, i);
        return;
      }
      out.push(
        finding(
          'snapshot_id_duplicate',
          `${base}[${i}].id`,
          `The snapshot has ${kind} '${item.id}' twice: at ${base}[${at}] and here.`,
          `Remove one of the two ${kind} entries '${item.id}', or re-resolve the thin datachain with resolve_datachain.`,
        ),
      );
    });
  };
  check(datachain.schema_snapshot.categories, 'schema_snapshot.categories', 'category');
  check(datachain.schema_snapshot.elements, 'schema_snapshot.elements', 'element');
  return out;
}

/**
 * Every snapshot and suggested element belongs to a category of the snapshot. Categories in
 * `covered` are already reported as dropped required categories.
 */
export function snapshotCategoryRules(datachain: ResolvedDatachainInstance, covered: ReadonlySet<string>): Finding[] {
  const out: Finding[] = [];
  const categories = new Set(datachain.schema_snapshot.categories.map((c) => c.id));
  const check = (list: ResolvedDatachainInstance['suggested_elements'], base: string) =>
    list.forEach((e, i) => {
      if (categories.has(e.category_id) || covered.has(e.category_id)) return;
      out.push(
        finding(
          'element_category_unknown',
          `${base}[${i}].category_id`,
          `Element '${e.id}' has category_id '${e.category_id}', which is not in schema_snapshot.categories.`,
          `Use one of the snapshot categories: ${listIds([...categories])}; or re-resolve the datachain with resolve_datachain.`,
        ),
      );
    });
  check(datachain.schema_snapshot.elements, 'schema_snapshot.elements');
  check(datachain.suggested_elements, 'suggested_elements');
  return out;
}

/**
 * The snapshot keeps every category the served version requires, still required. Returns the
 * findings and the ids of the categories they cover (drift does not report those again).
 */
export function requiredSnapshotRules(
  datachain: ResolvedDatachainInstance,
  reference: Release,
): { findings: Finding[]; covered: Set<string> } {
  const findings: Finding[] = [];
  const covered = new Set<string>();
  const snapshot = datachain.schema_snapshot.categories;
  for (const category of reference.bundle.categories) {
    if (!category.required) continue;
    const at = snapshot.findIndex((c) => c.id === category.id);
    if (at >= 0 && snapshot[at]!.required) continue;
    covered.add(category.id);
    findings.push(
      at < 0
        ? finding(
            'snapshot_required_category',
            'schema_snapshot.categories',
            `The snapshot omits category '${category.id}', which ${reference.id} requires.`,
            'Re-resolve the thin datachain with resolve_datachain instead of editing schema_snapshot.',
          )
        : finding(
            'snapshot_required_category',
            `schema_snapshot.categories[${at}].required`,
            `The snapshot marks category '${category.id}' as not required, but ${reference.id} requires it.`,
            `Set schema_snapshot.categories[${at}].required to true, or re-resolve with resolve_datachain.`,
          ),
    );
  }
  return { findings, covered };
}
