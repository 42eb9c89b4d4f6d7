import { splitVersion } from './version.js';

/**
 * How long an answer may be reused, and by whom: one table read by both surfaces. REST turns a
 * policy into `Cache-Control`; MCP (2026-07-28) into the `ttlMs` and `cacheScope` of a result.
 * What derives from a release is fixed by that release's content hash; what depends on a caller's
 * earlier render is theirs alone.
 */
interface CachePolicy {
  scope: 'public' | 'private';
  seconds: number;
  immutable?: boolean;
}

export const CACHE_POLICY = {
  /** JSON of a stable release named by its canonical id. */
  stableJson: { scope: 'public', seconds: 86_400, immutable: true },
  /** Shapes, and symbols and icons of a stable release named by its canonical id. */
  stableAsset: { scope: 'public', seconds: 31_536_000, immutable: true },
  /**
   * Answers reached through an alias (ai@latest), that change on deploy (lists, the version list,
   * OpenAPI), or the review metadata of a stable release (it may change without the content hash).
   */
  short: { scope: 'public', seconds: 300 },
  /** Symbols and icons of a beta release. */
  betaAsset: { scope: 'public', seconds: 60 },
  /** A kept render read by its handle: fixed by its hash, but the caller's own (2 hours, as long as it is kept). */
  rendered: { scope: 'private', seconds: 7_200 },
  /** Beta JSON, POST answers, every error, and anything a caller's own render decides. */
  none: { scope: 'private', seconds: 0 },
} as const satisfies Record<string, CachePolicy>;

export type CacheName = keyof typeof CACHE_POLICY;

/** The `Cache-Control` header of a policy. */
export function cacheControl(policy: CachePolicy): string {
  if (policy.seconds === 0) return 'no-store';
  return `${policy.scope}, max-age=${policy.seconds}${policy.immutable ? ', immutable' : ''}`;
}

/** The MCP cache hint of a policy (`CacheableResult`). */
export function cacheHint(policy: CachePolicy): { ttlMs: number; cacheScope: 'public' | 'private' } {
  return { ttlMs: policy.seconds * 1000, cacheScope: policy.scope };
}

/** True when the caller named the release by its canonical id (`%40` and `/` forms included), not an alias. */
export function namedCanonically(raw: string, canonical: string): boolean {
  const split = splitVersion(raw);
  return split.error === undefined && `${split.value.type}@${split.value.rest}` === canonical;
}

/**
 * The policy of a successful version-scoped answer: by release status, how it was named, and what
 * it is: JSON or an asset fixed by the release, or `review` JSON (the release's translation review
 * metadata, outside its content hash, so never immutable).
 */
export function versionPolicy(
  status: 'beta' | 'stable',
  canonical: boolean,
  kind: 'json' | 'asset' | 'review',
): Exclude<CacheName, 'rendered'> {
  if (status === 'beta') return kind === 'asset' ? 'betaAsset' : 'none';
  if (!canonical || kind === 'review') return 'short';
  return kind === 'json' ? 'stableJson' : 'stableAsset';
}
