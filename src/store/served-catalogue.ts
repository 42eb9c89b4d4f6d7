import type { VersionEntry, VersionIndex } from '../domain/bundle.js';
import { defineOnRead } from '../core/on-read.js';
import { indexOf } from './catalogue.js';

/** The catalogue an isolate serves: what its sources list, less what it could not read. */
export interface ServedCatalogue {
  /** Every listed release (a substitute in place of the copy it stands for), aliases over readable releases only. */
  readonly index: VersionIndex;
  /** Each alias that names another release than the sources do, with the release the sources name. */
  readonly skipped: Readonly<Record<string, string>>;
  /** Releases served from the embedded copy because the bucket's copy, under another hash, cannot be read. */
  readonly substituted: ReadonlyMap<string, { listed: string; served: string }>;
}

/**
 * Derives the served catalogue. A release in `unreadable` that the embedded set also holds under
 * another hash is served from the embedded copy (its entry replaces the listed one, so the hash a
 * client sees is the hash of what it gets); any other unreadable release stays listed, and aliases
 * skip it to the newest readable release of their kind.
 */
export function servedCatalogue(
  listed: VersionIndex,
  unreadable: ReadonlySet<string>,
  embedded: ReadonlyMap<string, VersionEntry>,
): ServedCatalogue {
  if (unreadable.size === 0) return { index: listed, skipped: {}, substituted: new Map() };
  const substituted = new Map<string, { listed: string; served: string }>();
  const versions = listed.versions.map((entry) => {
    const own = unreadable.has(entry.id) ? embedded.get(entry.id) : undefined;
    if (!own || own.content_hash === entry.content_hash) return entry;
    substituted.set(entry.id, { listed: entry.content_hash, served: own.content_hash });
    return { ...own, aliases: entry.aliases };
  });
  const readable = versions.filter((v) => !unreadable.has(v.id) || substituted.has(v.id));
  const aliases = indexOf(readable.map(({ aliases: _, ...entry }) => entry)).aliases;
  // No readable stable release left: `<type>@latest` degrades to the newest readable beta (warned as skipped).
  for (const alias of Object.keys(listed.aliases))
    if (alias.endsWith('@latest') && !aliases[alias] && aliases[`${alias}-beta`])
      aliases[alias] = aliases[`${alias}-beta`]!;
  const index: VersionIndex = defineOnRead(
    {
      versions: versions.map((v) => ({
        ...v,
        aliases: Object.keys(aliases)
          .filter((a) => aliases[a] === v.id)
          .sort(),
      })),
      aliases,
    } as VersionIndex,
    // The listed metadata, read when this index's is (a bucket's index parses it then: decision 069).
    'translations',
    () => listed.translations,
  );
  const skipped: Record<string, string> = {};
  for (const [alias, target] of Object.entries(listed.aliases)) if (aliases[alias] !== target) skipped[alias] = target;
  return { index, skipped, substituted };
}
