import type { Category, DatachainType, Element } from '../../../domain/content.js';
import type { ResolvedDatachainInstance } from '../../../domain/datachain-resolved.js';
import type { Release } from '../../../store/release.js';
import { type ReleaseView, releaseView } from '../../../store/views.js';

/**
 * The schema content a render reads: a served release, or a resolved datachain's snapshot.
 * Immutable, so what is derived from one source object (its composed icons) can be kept with it.
 */
export interface RenderSource {
  readonly version: string;
  readonly datachainType: DatachainType;
  readonly categoryById: ReadonlyMap<string, Category>;
  readonly elementById: ReadonlyMap<string, Element>;
  /** Ids of elements the author proposed (`suggested_elements`), shown as proposals. */
  readonly suggested: ReadonlySet<string>;
  /** Symbol SVGs by id; a snapshot carries none, so the served release of its version lends them. */
  readonly symbols: Readonly<Record<string, string>>;
}

/** The source of a served release: one object per release and isolate. */
export const releaseSource: ReleaseView<RenderSource> = releaseView((release) => ({
  version: release.id,
  datachainType: release.bundle.datachain_type,
  categoryById: release.categoryById,
  elementById: release.elementById,
  suggested: new Set<string>(),
  symbols: release.bundle.symbols,
}));

export function snapshotSource(
  resolved: ResolvedDatachainInstance,
  version: string,
  served: Release | undefined,
): RenderSource {
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
