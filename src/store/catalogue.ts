import type { VersionEntry, VersionIndex } from '../domain/bundle.js';
import { defineOnRead } from '../core/on-read.js';
import { compareNewestFirst, parseVersionId, type VersionId } from '../core/version.js';

/** A release's entry before aliases are assigned. */
export type CatalogueEntry = Omit<VersionEntry, 'aliases'>;

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index of a set of releases: entries sorted by id, with the translation review metadata of
 * those of them `translations` has (the key only when one has some); per type, `<type>@latest` points at the
 * newest stable release and `<type>@latest-beta` at the newest beta. A type with no stable release
 * has no `<type>@latest` (a caller who asks for it is told to use `<type>@latest-beta`).
 * Entries whose id is not a canonical version id are left out.
 */
export function indexOf(
  entries: readonly CatalogueEntry[],
  translations: Readonly<Record<string, unknown>> = {},
): VersionIndex {
  const ids: VersionId[] = [];
  for (const e of entries) {
    const parsed = parseVersionId(e.id);
    if (parsed.error === undefined) ids.push(parsed.value);
  }
  const aliases: Record<string, string> = {};
  for (const type of [...new Set(ids.map((v) => v.type))].sort(byCodeUnits)) {
    const newest = ids.filter((v) => v.type === type).sort(compareNewestFirst);
    const stable = newest.find((v) => !v.beta);
    const beta = newest.find((v) => v.beta);
    if (stable) aliases[`${type}@latest`] = stable.id;
    if (beta) aliases[`${type}@latest-beta`] = beta.id;
  }
  const served = new Set(ids.map((v) => v.id));
  const versions: VersionEntry[] = entries
    .filter((e) => served.has(e.id))
    .map((e) => ({
      id: e.id,
      status: e.status,
      created_at: e.created_at,
      content_hash: e.content_hash,
      aliases: Object.keys(aliases)
        .filter((a) => aliases[a] === e.id)
        .sort(byCodeUnits),
    }))
    .sort((a, b) => byCodeUnits(a.id, b.id));
  const reviews: Record<string, unknown> = {};
  for (const v of versions) if (Object.hasOwn(translations, v.id)) reviews[v.id] = translations[v.id];
  return Object.keys(reviews).length ? { versions, aliases, translations: reviews } : { versions, aliases };
}

/**
 * One catalogue from several indexes: on an id in more than one, the later index's entry wins, and
 * with it that index's translation metadata for the id (none when it has none). The metadata is
 * gathered on the first read of `translations` (decision 069: a bucket's index parses its own on
 * that read), and is undefined when no id has any.
 */
export function mergeIndexes(...indexes: readonly VersionIndex[]): VersionIndex {
  const byId = new Map<string, CatalogueEntry>();
  const from = new Map<string, VersionIndex>();
  for (const index of indexes) {
    for (const { aliases: _, ...entry } of index.versions) {
      byId.set(entry.id, entry);
      from.set(entry.id, index);
    }
  }
  const { versions, aliases } = indexOf([...byId.values()]);
  return defineOnRead({ versions, aliases } as VersionIndex, 'translations', () => {
    const reviews: Record<string, unknown> = {};
    const metadata = new Map(indexes.map((index) => [index, index.translations]));
    for (const { id } of versions) {
      const own = metadata.get(from.get(id)!);
      if (own && Object.hasOwn(own, id)) reviews[id] = own[id];
    }
    return Object.keys(reviews).length ? reviews : undefined;
  });
}
