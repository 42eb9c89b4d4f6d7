import { isLocaleArray } from '../../core/projection.js';
import { localeOrder } from './snapshot.js';

/**
 * Whether two JSON values hold the same content as a snapshot pins it: key order does not matter,
 * and every localized text (`isLocaleArray`) is read in `order`'s locale order, as `sortLocales`
 * puts it (localeOrder; the entries of a localized text are compared as they are, not sorted
 * inside). A key whose value is `undefined` counts as absent, as in JSON. For the values the drift
 * checks compare (parsed from JSON and by zod, so with finite numbers, no array holes and no
 * `__proto__` key), true exactly when the canonical JSON of `sortLocales(a, order)` and of
 * `sortLocales(b, order)` are the same text, without building either (a property test holds it to
 * that); it allocates only the orders of the localized texts it meets.
 */
export function sameContent(a: unknown, b: unknown, order: readonly string[]): boolean {
  /** `sortTexts`: outside the entries of a localized text, where texts are read in locale order. */
  const same = (x: unknown, y: unknown, sortTexts: boolean): boolean => {
    if (x === y) return true;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      if (sortTexts && isLocaleArray(x)) {
        if (!isLocaleArray(y)) return false;
        const xs = localeOrder(x, order);
        const ys = localeOrder(y, order);
        for (let i = 0; i < xs.length; i++) if (!same(x[xs[i]!], y[ys[i]!], false)) return false;
        return true;
      }
      if (sortTexts && isLocaleArray(y)) return false;
      for (let i = 0; i < x.length; i++) if (!same(x[i], y[i], sortTexts)) return false;
      return true;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    let count = 0;
    for (const k of Object.keys(xo)) {
      if (xo[k] === undefined) continue;
      count++;
      if (!Object.hasOwn(yo, k) || !same(xo[k], yo[k], sortTexts)) return false;
    }
    for (const k of Object.keys(yo)) if (yo[k] !== undefined) count--;
    return count === 0;
  };
  return same(a, b, true);
}
