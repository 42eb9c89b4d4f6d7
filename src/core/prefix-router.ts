import type { Params, Result, Router } from 'hono/router';

/**
 * Text every path a Hono route pattern matches starts with: the pattern's leading whole segments
 * made only of letters, digits and `_.~@%-` (`/api/v2/schemas/:version` and `/api/v2/schemas/` give
 * `/api/v2/schemas`; `/*`, `*` and `` give nothing). The pattern router's expression requires those
 * characters as written (it escapes `.`), while other characters may act in it (it leaves `{`, `}`
 * and `|` as they are, and drops empty segments), so the prefix stops before any segment with one.
 * A pattern with `?` (an optional last segment) or `|` gives nothing.
 */
export function literalPrefix(pattern: string): string {
  if (/[?|]/.test(pattern)) return '';
  return /^(?:\/[\w.~@%-]+(?=\/|$))*/.exec(pattern)![0];
}

/**
 * A Hono router that asks a route's own router only when the path starts with the route's literal
 * prefix. Each route is added to a router of its own (`make`, one that answers matches with their
 * params, as the pattern router does); a match is the matches of the routes consulted, in the order
 * the routes were added, which is what one router holding them all answers. Hono's pattern router
 * tests each route's regular expression in turn, and V8 compiles a regular expression the first
 * time it runs it (and again, to machine code, the next time): without the prefix test an isolate's
 * first request to `/mcp` compiled the expressions of every REST route (23 of the 43 routes answer
 * any method), a millisecond or more of a first call (decision 059). The app's routers per route
 * now compare segments instead (plain-router.ts, decision 072); the test still spares a path the
 * routes it cannot match.
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
