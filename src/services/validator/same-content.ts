import { isLocaleArray } from '../../core/projection.js';

/**
 * Whether two JSON values hold the same content as a snapshot pins it: key order does not matter,
 * and every localized text (`isLocaleArray`) is read in `order`'s locale order, as `sortLocales`
 * puts it (unknown locales last, each text's own order kept among equals; the entries of a
 * localized text are compared as they are, not sorted inside). A key whose value is `undefined`
 * counts as absent, as in JSON. True exactly when the canonical JSON of `sortLocales(a, order)` and
 * of `sortLocales(b, order)` are the same text, without building either (a property test holds it
 * to that); it allocates only the orders of the localized texts it meets.
 */
export function sameContent(a: unknown, b: unknown, order: readonly string[]): boolean {
  const rank = (locale: string) => {
    const i = order.indexOf(locale);
    return i < 0 ? order.length : i;
  };
  /** The positions of a localized text's entries in locale order (stable). */
  const inOrder = (text: ReadonlyArray<{ locale: string }>) =>
    text
      .map((entry, i) => ({ i, r: rank(entry.locale) }))
      .sort((x, y) => x.r - y.r || x.i - y.i)
      .map((x) => x.i);
  const same = (x: unknown, y: unknown, localized: boolean): boolean => {
    if (x === y) return true;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      if (localized && isLocaleArray(x)) {
        if (!isLocaleArray(y)) return false;
        const xs = inOrder(x);
        const ys = inOrder(y);
        for (let i = 0; i < xs.length; i++) if (!same(x[xs[i]!], y[ys[i]!], false)) return false;
        return true;
      }
      if (localized && isLocaleArray(y)) return false;
      for (let i = 0; i < x.length; i++) if (!same(x[i], y[i], localized)) return false;
      return true;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    let count = 0;
    for (const k of Object.keys(xo)) {
      if (xo[k] === undefined) continue;
      count++;
      if (!Object.hasOwn(yo, k) || !same(xo[k], yo[k], localized)) return false;
    }
    for (const k of Object.keys(yo)) if (yo[k] !== undefined) count--;
    return count === 0;
  };
  return same(a, b, true);
}
