import type { Params, Result, Router } from 'hono/router';

/**
 * The literal text every path a Hono route pattern matches starts with: the pattern up to the
 * segment of its first parameter or wildcard (`/api/v2/schemas/:version` gives `/api/v2/schemas`,
 * `/*` and `*` give nothing), the whole pattern when it has neither. A pattern with an optional
 * parameter (`?`) also matches without its last segment, so it gives nothing.
 */
export function literalPrefix(pattern: string): string {
  if (pattern.includes('?')) return '';
  const special = pattern.search(/[:*]/);
  return special === -1 ? pattern : pattern.slice(0, Math.max(0, pattern.lastIndexOf('/', special)));
}

/**
 * A Hono router that asks a route's own router only when the path starts with the route's literal
 * prefix. Each route is added to a router of its own (`make`, one that answers matches with their
 * params, as the pattern router does); a match is the matches of the routes consulted, in the order
 * the routes were added, which is what one router holding them all answers. Hono's pattern router
 * tests each route's regular expression in turn, and V8 compiles a regular expression the first
 * time it runs it (and again, to machine code, the next time): without the prefix test an isolate's
 * first request to `/mcp` compiled the expressions of every REST route (23 of the 43 routes answer
 * any method), a millisecond or more of a first call.
 */
export class PrefixRouter<T> implements Router<T> {
  readonly name: string;
  private readonly routes: { prefix: string; router: Router<T> }[] = [];

  constructor(private readonly make: () => Router<T>) {
    this.name = `prefix(${make().name})`;
  }

  add(method: string, path: string, handler: T): void {
    const router = this.make();
    router.add(method, path, handler);
    this.routes.push({ prefix: literalPrefix(path), router });
  }

  match(method: string, path: string): Result<T> {
    const found: [T, Params][] = [];
    for (const { prefix, router } of this.routes) {
      if (!path.startsWith(prefix)) continue;
      const result = router.match(method, path);
      if (result.length !== 1) throw new Error(`${this.name}: a route's router answered with a param stash`);
      for (const match of (result as [[T, Params][]])[0]) found.push(match);
    }
    return [found];
  }
}
