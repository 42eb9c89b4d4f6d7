import fc from 'fast-check';
import type { Params, Result, Router } from 'hono/router';
import { PatternRouter } from 'hono/router/pattern-router';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { PlainRouter, plainTest } from '../../src/core/plain-router.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { METHODS, patternTakes, pathsNear, type Route, serverRoutes } from '../helpers/router-cases.js';

/** The same routes in Hono's pattern router and in the plain router; a route's handler is its number. */
function both(routes: readonly Route[]) {
  const pattern = new PatternRouter<number>();
  const plain = new PlainRouter<number>();
  routes.forEach((route, i) => {
    // A pattern the pattern router refuses (an expression that does not compile) the plain router refuses too.
    if (!patternTakes(route)) {
      expect(() => new PlainRouter<number>().add(route[0], route[1], i), route[1]).toThrow();
      return;
    }
    pattern.add(route[0], route[1], i);
    plain.add(route[0], route[1], i);
  });
  return { pattern, plain };
}

describe('PlainRouter', () => {
  it("compares segments for every route of the server: no route's first match runs an expression", () => {
    const routes = serverRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const other = routes.filter(([, path]) => plainTest(path) === undefined).map(([, path]) => path);
    // A route added with a pattern the plain router does not read is matched by Hono's pattern router,
    // correctly but with an expression compiled on its first request: write it with whole segments.
    expect(other).toEqual([]);
  });

  it('reads only whole literal segments, parameters and a last `/*`', () => {
    for (const pattern of ['*', '/*', '/', '', '/mcp', '/api/v2/*', '/a/:b/c', '/a.b/~c@d%-e', '/:a/:b/*'])
      expect(plainTest(pattern), pattern).toBeTypeOf('function');
    for (const pattern of [
      '/a/',
      '/a//b',
      '/a*',
      '/*/a',
      '/a/:b?',
      '/:b{[0-9]+}',
      '/:id.json',
      '/a|b',
      '/:a/:a',
      '//*',
    ])
      expect(plainTest(pattern), pattern).toBeUndefined();
  });

  it('gives a parameter a whole non-empty segment, undecoded, and allows one trailing slash', () => {
    const { plain } = both([
      ['GET', '/s/:version/elements/:id'],
      ['ALL', '/s/*'],
    ]);
    expect(plain.match('GET', '/s/ai%402026/elements/x%20y/')).toEqual([
      [
        [0, { version: 'ai%402026', id: 'x%20y' }],
        [1, {}],
      ],
    ]);
    expect(plain.match('GET', '/s//elements/x')).toEqual([[[1, {}]]]);
    expect(plain.match('GET', '/s/v/elements/x//')).toEqual([[[1, {}]]]);
    expect(plain.match('POST', '/s')).toEqual([[[1, {}]]]);
    expect(plain.match('POST', '/sx')).toEqual([[]]);
  });

  it("answers as Hono's pattern router over the server's own routes, as the app's router", () => {
    const routes = serverRoutes();
    const { pattern, plain } = both(routes);
    // The router the app matches with (the memo, the prefix test and a plain router per route),
    // whose handlers Hono adds with their route: each match named by its route, as are the pattern router's.
    const app = createApp().router as Router<[unknown, { method: string; path: string }]>;
    const named = (result: Result<number>) =>
      (result as [[number, Params][]])[0].map(([i, params]) => [routes[i]!.join(' '), params]);
    const appNamed = (result: Result<[unknown, { method: string; path: string }]>) =>
      (result as [[[unknown, { method: string; path: string }], Params][]])[0].map(([[, r], params]) => [
        `${r.method} ${r.path}`,
        params,
      ]);
    const paths = [...pathsNear(routes, ['/', '//']), '', '/api/v2//schemas', '/api/v2/schemas//elements'];
    for (const method of METHODS)
      for (const path of paths) {
        const expected = pattern.match(method, path);
        expect(plain.match(method, path), `${method} ${path}`).toStrictEqual(expected);
        expect(appNamed(app.match(method, path)), `app: ${method} ${path}`).toStrictEqual(named(expected));
      }
  });

  it('matches a path of many thousands of segments as the pattern router does', () => {
    const routes: Route[] = [
      ['GET', '/s/:v/e'],
      ['ALL', '/s/*'],
      ['GET', '/s/:v/*'],
    ];
    const { pattern, plain } = both(routes);
    for (const path of [`/s/${'a/'.repeat(20_000)}`, `/s/v/e${'/'.repeat(20_000)}`, `/s/${'x'.repeat(20_000)}/e/`])
      expect(plain.match('GET', path), path.slice(0, 12)).toStrictEqual(pattern.match('GET', path));
  });

  it("answers as Hono's pattern router over any routes, plain or not, in their order (property)", () => {
    // Plain segments and parameters, and what the plain router leaves to the pattern router: empty
    // segments, parameters with their own expression or text after them, a mid-pattern wildcard,
    // characters the pattern router escapes (`.`) or leaves to act (`{}`, `|`), an optional segment.
    const segment = fc.constantFrom(
      'a',
      'b',
      'api',
      'v2',
      'a.b',
      'a-b~@%',
      ':p',
      ':q',
      ':1',
      ':_x1',
      '',
      ':p{[a-z]+}',
      ':p{.+}',
      ':p.json',
      '*',
      'a{2}',
      'a|b',
    );
    const pattern = fc.oneof(
      fc.constantFrom('*', '', '/'),
      fc
        .tuple(fc.array(segment, { maxLength: 4 }), fc.constantFrom('', '/', '/*', '*', '?'))
        .map(([segments, tail]) => {
          const path = `/${segments.join('/')}`;
          if (tail === '?') return segments.length ? `${path}?` : '/';
          return segments.length ? `${path}${tail}` : tail === '/*' || tail === '*' ? tail : '/';
        }),
    );
    const route = fc.tuple(fc.constantFrom('GET', 'POST', 'ALL'), pattern);
    const path = fc
      .tuple(
        fc.array(
          fc.constantFrom('a', 'b', 'api', 'v2', 'x', '', 'aa', 'ab', 'a.b', 'axb', 'a-b~@%', 'x.json', 'ai@2026'),
          {
            maxLength: 5,
          },
        ),
        fc.constantFrom('', '/', '//'),
      )
      .map(([segments, tail]) => `/${segments.join('/')}${tail}`);
    fc.assert(
      fc.property(
        fc.array(route, { minLength: 1, maxLength: 8 }),
        fc.array(path, { maxLength: 8 }),
        (routes, paths) => {
          const { pattern, plain } = both(routes);
          for (const method of ['GET', 'POST'])
            for (const p of paths)
              expect(plain.match(method, p), `${method} ${p}`).toStrictEqual(pattern.match(method, p));
        },
      ),
      fuzzRuns(500),
    );
  });
});
