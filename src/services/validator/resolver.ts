import { payloadTooLarge } from '../../core/error-catalogue.js';
import { utf8Length } from '../../core/utf8.js';
import type { Deadline } from '../../core/deadline.js';
import type { ErrorItem } from '../../core/envelope.js';
import { DatachainInstance } from '../../domain/datachain.js';
import type { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';
import { releaseSnapshot, sortLocales } from './snapshot.js';

/** The cap on a resolved datachain, in UTF-8 bytes of its canonical JSON. */
const RESOLVE_MAX_BYTES = 524_288;

const THIN_KEYS = Object.keys(DatachainInstance.shape) as Array<keyof DatachainInstance>;

/** A resolved datachain as the resolver writes it: `schema_version` is always set. */
type Resolved = ResolvedDatachainInstance & { schema_version: string };

export type ResolveResult = { ok: true; resolved: Resolved; bytes: number } | { ok: false; error: ErrorItem };

/**
 * Builds the self-contained form of a valid thin datachain: the datachain type, the categories it
 * uses plus the required ones, and the elements it places, each list sorted by id, every localized
 * text in manifest locale order. `authoring_provenance` passes through; nothing is suggested.
 * Same input, same bytes.
 */
export function resolveDatachain(
  datachain: DatachainInstance,
  release: Release,
  deadline: Deadline,
  maxBytes = RESOLVE_MAX_BYTES,
): ResolveResult {
  const snap = releaseSnapshot(release);
  const elementIds = new Set<string>();
  const categoryIds = new Set(release.bundle.categories.filter((c) => c.required).map((c) => c.id));
  for (const p of datachain.elements) {
    deadline.check();
    const element = snap.element(p.element_id);
    if (!element) continue;
    elementIds.add(element.id);
    categoryIds.add(element.category_id);
  }
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const thin: Record<string, unknown> = {};
  for (const key of THIN_KEYS) {
    const value = key === 'schema_version' ? (datachain.schema_version ?? release.id) : datachain[key];
    if (value !== undefined)
      thin[key] = key === 'title' || key === 'description' ? sortLocales(value, release.locales) : value;
  }
  const resolved = {
    ...thin,
    schema_snapshot: {
      datachain_type: snap.datachainType,
      categories: [...categoryIds].sort(byId).flatMap((id) => snap.category(id) ?? []),
      elements: [...elementIds].sort(byId).map((id) => snap.element(id)!),
    },
    suggested_elements: [],
  } as unknown as Resolved;
  // Its canonical JSON's size: JSON.stringify writes the same members the same way, in another key order.
  const bytes = utf8Length(JSON.stringify(resolved));
  if (bytes > maxBytes) {
    return {
      ok: false,
      error: {
        ...payloadTooLarge({
          message: `The resolved datachain is ${bytes} bytes of canonical JSON; the cap is ${maxBytes}.`,
          path: 'elements',
          fix_hint:
            'Place fewer distinct elements or shorten the texts, or validate the thin datachain with validate_datachain instead.',
        }),
        severity: 'error',
      },
    };
  }
  return { ok: true, resolved, bytes };
}
