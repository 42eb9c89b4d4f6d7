import type { Params, Result, Router } from 'hono/router';
import { PatternRouter } from 'hono/router/pattern-router';

/**
 * A segment of a plain pattern: text made only of `[\w.~@%-]`, or a parameter `:name` whose name
 * can name a group of an expression (the pattern router refuses `:1`: its expression does not compile).
 */
const PLAIN_SEGMENT = /^(?:[\w.~@%-]+|:[A-Za-z_]\w*)$/;

const SLASH = 47;

/** The params of a match without parameters (shared: Hono only reads them). */
const NO_PARAMS: Params = Object.create(null);

/** One route's test of a path: its params when the route matches the path. */
type PathTest = (path: string) => Params | undefined;

/** `/` and `` as the pattern router reads them (`^/?$`). */
const ROOT: PathTest = (path) => (path === '' || path === '/' ? NO_PARAMS : undefined);
/** `/*` as the pattern router reads it (`^(?:$|/)`): every path. */
const EVERY_PATH: PathTest = (path) => (path === '' || path.charCodeAt(0) === SLASH ? NO_PARAMS : undefined);

/**
 * The test of a plain pattern, or undefined for any other: whole segments that are literal text or
 * a parameter (`/api/v2/schemas/:version/elements`), optionally ending in `/*`, and the patterns `*`,
 * `/*`, `/` and `` (the last two alike). It answers as the expression Hono's pattern router builds
 * for the pattern: `^/a/(?<b>[^/]+)/?$` (one trailing slash allowed), `^/a(?:$|/)` for `/a/*`, `^`
 * for `*`; a parameter takes a whole non-empty segment, as written (undecoded), as the expression's
 * group does.
 * A path is split into no more segments than the pattern has, plus one: a path of thousands of
 * segments costs what a short one does (Hono's memo keeps no match of a long path).
 */
export function plainTest(pattern: string): PathTest | undefined {
  if (pattern === '*') return () => NO_PARAMS;
  const star = pattern.endsWith('/*');
  const body = star ? pattern.slice(0, -2) : pattern;
  if (body === '') return star ? EVERY_PATH : ROOT;
  // `//*` has an empty segment: the pattern router's.
  if (body === '/') return star ? undefined : ROOT;
  if (body.charCodeAt(0) !== SLASH) return undefined;
  const segments = body.slice(1).split('/');
  if (!segments.every((s) => PLAIN_SEGMENT.test(s))) return undefined;
  const names = segments.map((s) => (s.startsWith(':') ? s.slice(1) : undefined));
  const named = names.filter((n) => n !== undefined);
  // The pattern router refuses a name given twice (its expression does not compile): it says so.
  if (new Set(named).size !== named.length) return undefined;
  const n = segments.length;
  const bind = (parts: string[]): Params | undefined => {
    let params = NO_PARAMS;
    for (let i = 0; i < n; i++) {
      const name = names[i];
      // Every test below hands `bind` at least `n` parts.
      const part = parts[i]!;
      if (name === undefined) {
        if (part !== segments[i]) return undefined;
      } else {
        if (part === '') return undefined;
        if (params === NO_PARAMS) params = Object.create(null);
        params[name] = part;
      }
    }
    return params;
  };
  if (star)
    return (path) => {
      if (path.charCodeAt(0) !== SLASH) return undefined;
      const parts = path.slice(1).split('/', n);
      return parts.length < n ? undefined : bind(parts);
    };
  return (path) => {
    if (path.charCodeAt(0) !== SLASH) return undefined;
    const rest = path.length > 1 && path.charCodeAt(path.length - 1) === SLASH ? path.slice(1, -1) : path.slice(1);
    const parts = rest.split('/', n + 1);
    return parts.length !== n ? undefined : bind(parts);
  };
}

/**
 * A Hono router that matches plain patterns (see `plainTest`) by comparing segments, and hands any
 * other pattern to Hono's pattern router: its answers are the pattern router's, in the order the
 * routes were added. V8 compiles a regular expression the first time it runs it, so a router of
 * expressions makes an isolate's first request of each path compile those it tests; comparing text
 * compiles nothing.
 */
export class PlainRouter<T> implements Router<T> {
  readonly name = 'PlainRouter';
  private readonly routes: ((method: string, path: string, found: [T, Params][]) => void)[] = [];

  add(method: string, path: string, handler: T): void {
    const test = plainTest(path);
    if (!test) {
      const inner = new PatternRouter<T>();
      inner.add(method, path, handler);
      this.routes.push((m, p, found) => {
        for (const match of (inner.match(m, p) as [[T, Params][]])[0]) found.push(match);
      });
      return;
    }
    this.routes.push((m, p, found) => {
      if (m !== method && method !== 'ALL') return;
      const params = test(p);
      if (params) found.push([handler, params]);
    });
  }

  match(method: string, path: string): Result<T> {
    const found: [T, Params][] = [];
    for (const route of this.routes) route(method, path, found);
    return [found];
  }
}
