import fc from 'fast-check';
import type { Router } from 'hono/router';
import { PatternRouter } from 'hono/router/pattern-router';
import { describe, expect, it } from 'vitest';
import { literalPrefix, PrefixRouter } from '../../src/core/prefix-router.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { METHODS, patternTakes, pathsNear, type Route, serverRoutes } from '../helpers/router-cases.js';

/** The same routes in one pattern router and in a prefix router over pattern routers; a route's handler is its number. */
function both(routes: readonly Route[]) {
  const plain = new PatternRouter<number>();
  /** How many times a route's own router was asked. */
  const asked = { count: 0 };
  const guarded = new PrefixRouter<number>(() => {
    const inner = new PatternRouter<number>();
    const router: Router<number> = {
      name: inner.name,
      add: (method, path, handler) => inner.add(method, path, handler),
      match: (method, path) => {
        asked.count++;
        return inner.match(method, path);
      },
    };
    return router;
  });
  routes.forEach((route, i) => {
    if (!patternTakes(route)) return;
    plain.add(route[0], route[1], i);
    guarded.add(route[0], route[1], i);
  });
  return { plain, guarded, asked };
}

describe('PrefixRouter', () => {
  it("takes the pattern's leading plain segments", () => {
    const cases: [pattern: string, prefix: string][] = [
      ['/mcp', '/mcp'],
      ['/api/v2/*', '/api/v2'],
      ['/api/v2/schemas/:version/elements/:id', '/api/v2/schemas'],
      ['/api/v2/schemas/:version{[a-z]+@.+}', '/api/v2/schemas'],
      ['/*', ''],
      ['*', ''],
      ['/a/:b?', ''],
      // The pattern router drops empty segments and leaves `{`, `}` and `|` to act in its expression.
      ['/a/', '/a'],
      ['/a//b', '/a'],
      ['/a{2}/b', ''],
      ['/a|/b', ''],
      ['/a.b/c', '/a.b/c'],
    ];
    for (const [pattern, prefix] of cases) expect(literalPrefix(pattern), pattern).toBe(prefix);
  });

  it("answers as one pattern router over the server's own routes, asking only the routes whose prefix the path has", () => {
    const routes = serverRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const { plain, guarded, asked } = both(routes);
    const paths = pathsNear(routes);
    for (const method of METHODS)
      for (const path of paths)
        expect(guarded.match(method, path), `${method} ${path}`).toEqual(plain.match(method, path));
    // A first request to /mcp asks the routes of /, * and /mcp only, not the REST routes.
    asked.count = 0;
    guarded.match('POST', '/mcp');
    const mcp = routes.filter(([, path]) => literalPrefix(path) === '' || path.startsWith('/mcp'));
    expect(asked.count).toBe(mcp.length);
    expect(asked.count).toBeLessThan(routes.length / 4);
  });

  it('answers as one pattern router over any routes (property)', () => {
    // Besides plain segments and parameters: empty segments, parameters with their own expression,
    // a mid-pattern wildcard, and characters the pattern router escapes (`.`) or leaves (`{}`, `|`).
    const segment = fc.constantFrom('a', 'b', 'api', 'v2', ':p', '', ':p{[a-z]+}', ':p{.+}', '*', 'a.b', 'a{2}', 'a|b');
    const pattern = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom('', '/', '/*', '*', '?'))
      // A name once per pattern: Hono refuses a pattern that names a parameter twice.
      .map(([named, tail]) => [named.map((s, i) => s.replace(/^:p/, `:p${i}`)), tail] as const)
      .map(([segments, tail]) => {
        // A trailing `?` makes the last segment optional (Hono adds the pattern with and without it).
        if (tail === '?') return segments.length ? `/${segments.join('/')}?` : '/';
        return `/${segments.join('/')}${tail}`;
      });
    const route = fc.tuple(fc.constantFrom('GET', 'POST', 'ALL'), pattern);
    const path = fc
      .tuple(
        fc.array(fc.constantFrom('a', 'b', 'api', 'v2', 'x', '', 'aa', 'ab', 'a.b', 'axb'), { maxLength: 5 }),
        fc.boolean(),
      )
      .map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`);
    fc.assert(
      fc.property(
        fc.array(route, { minLength: 1, maxLength: 8 }),
        fc.array(path, { maxLength: 8 }),
        (routes, paths) => {
          const { plain, guarded } = both(routes);
          for (const method of ['GET', 'POST'])
            for (const p of paths) expect(guarded.match(method, p)).toEqual(plain.match(method, p));
        },
      ),
      fuzzRuns(300),
    );
  });
});
