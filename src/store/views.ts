import type { Release } from './release.js';

/**
 * The one home of everything derived from a release: search indexes, validator pools, render
 * sources, snapshots, composed icons. A release's content never changes (it is named by its
 * content hash), so a view is built on first use and kept beside the release for the life of the
 * isolate; a release that is no longer referenced takes its views with it.
 */
export type ReleaseView<T> = (release: Release) => T;

/** A view of every release, built by `build` the first time a release asks for it. */
export function releaseView<T>(build: (release: Release) => T): ReleaseView<T> {
  const built = new WeakMap<Release, T>();
  return (release) => {
    if (built.has(release)) return built.get(release) as T;
    const view = build(release);
    built.set(release, view);
    return view;
  };
}

/**
 * A keyed view: one value per release and key (a locale, an icon variant...), built on first use.
 * At most `limit` keys are kept per release; past that, values are built on every call.
 */
export function releaseViewBy<K, T>(
  build: (release: Release, key: K) => T,
  limit = 4096,
): (release: Release, key: K) => T {
  const maps = releaseView(() => new Map<K, T>());
  return (release, key) => {
    const map = maps(release);
    if (map.has(key)) return map.get(key) as T;
    const value = build(release, key);
    if (map.size < limit) map.set(key, value);
    return value;
  };
}
