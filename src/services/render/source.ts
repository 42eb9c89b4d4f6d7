import type { Category, DatachainType, Element } from '../../domain/content.js';
import type { ResolvedDatachainInstance } from '../../domain/datachain-resolved.js';
import type { Release } from '../../store/release.js';

/** The schema content a render reads: a served release, or a resolved datachain's snapshot. */
export interface RenderSource {
  version: string;
  datachainType: DatachainType;
  categoryById: ReadonlyMap<string, Category>;
  elementById: ReadonlyMap<string, Element>;
  /** Ids of elements the author proposed (`suggested_elements`), shown as proposals. */
  suggested: ReadonlySet<string>;
  /** Symbol SVGs by id; a snapshot carries none, so the served release of its version lends them. */
  symbols: Readonly<Record<string, string>>;
}

export function releaseSource(release: Release): RenderSource {
  return {
    version: release.id,
    datachainType: release.bundle.datachain_type,
    categoryById: release.categoryById,
    elementById: release.elementById,
    suggested: new Set(),
    symbols: release.bundle.symbols,
  };
}

export function snapshotSource(resolved: ResolvedDatachainInstance, version: string, served: Release | undefined): RenderSource {
  const { schema_snapshot: snap, suggested_elements: suggested } = resolved;
  return {
    version,
    datachainType: snap.datachain_type,
    categoryById: new Map(snap.categories.map((c) => [c.id, c])),
    elementById: new Map([...snap.elements, ...suggested].map((e) => [e.id, e])),
    suggested: new Set(suggested.map((e) => e.id)),
    symbols: served?.bundle.symbols ?? {},
  };
}
