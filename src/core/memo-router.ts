import type { Result, Router } from 'hono/router';

/** Most paths whose match is kept; past it the kept matches are dropped and kept again as requests come. */
const MAX_PATHS = 512;
/** Longer paths are matched every time (a caller may send any path; the memo holds only short ones). */
const MAX_PATH_CHARS = 256;

/**
 * A Hono router that keeps the match of each method and path it has answered. The router it wraps
 * (a router per route behind a prefix test, src/core/prefix-router.ts and plain-router.ts) tests
 * the routes in turn on every request, and most requests of this server go to a few paths. Routes are all
 * added at start-up, before the first match (an `add` drops what was kept); Hono only reads a
 * match, so one is shared by every request on its path.
 */
export class MemoRouter<T> implements Router<T> {
  readonly name: string;
  private readonly kept = new Map<string, Result<T>>();

  constructor(private readonly inner: Router<T>) {
    this.name = `memo(${inner.name})`;
  }

  add(method: string, path: string, handler: T): void {
    this.kept.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_CHARS) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    let found = this.kept.get(key);
    if (found === undefined) {
      found = this.inner.match(method, path);
      if (this.kept.size >= MAX_PATHS) this.kept.clear();
      this.kept.set(key, found);
    }
    return found;
  }
}
