import { type Answer, err, type Meta } from '../../core/envelope.js';
import type { Release } from '../../store/release.js';
import { resolveVersion } from '../../store/store.js';
import type { ToolContext } from './define.js';

/** Meta every version-scoped answer carries. */
export function releaseMeta(release: Release, extra: Meta = {}): Meta {
  return { version: release.id, content_hash: release.contentHash, ...extra };
}

/** Resolves the version argument, then runs `fn`; an unknown or malformed version is a hard failure. */
export function withRelease<T>(version: string, ctx: ToolContext, fn: (release: Release) => Answer<T>): Answer<T> {
  const release = resolveVersion(ctx.store, version);
  return release.error ? err(release.error) : fn(release.value);
}
