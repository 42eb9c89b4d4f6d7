import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { sameContent } from '../../src/services/validator/same-content.js';
import { sortLocales } from '../../src/services/validator/snapshot.js';
import { fuzzRuns } from '../helpers/fuzz.js';

type Json = any;

/** What sameContent must equal: the drift check as it was, by canonical texts of sorted copies. */
const byCanonicalText = (a: Json, b: Json, order: readonly string[]) =>
  canonicalJson(sortLocales(a, order)) === canonicalJson(sortLocales(b, order));

const locale = fc.constantFrom('en', 'fr', 'es', 'km', 'zh-Hans', 'xx', '');
const key = fc.constantFrom('id', 'title', 'value', 'locale', 'terms', 'a', 'b', '10', 'é');
const leaf = fc.oneof(fc.constantFrom(null, true, false, 0, 1, -1, 1.5, '', 'x', 'en'), fc.string({ maxLength: 3 }));
/** JSON values rich in localized texts: entries with extra keys, duplicate and unknown locales, texts nested in entries. */
const json: fc.Arbitrary<Json> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('text'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
  text: fc.array(
    fc.oneof(
      fc.record({ locale, value: fc.oneof(fc.constantFrom('a', 'b'), tie('value'), tie('text')) }),
      fc.record({ locale, terms: fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }) }),
      fc.record({ locale: fc.oneof(locale, fc.constant(1)), value: fc.constant('a') }),
    ),
    { minLength: 1, maxLength: 4 },
  ),
})).value;
const order = fc.constantFrom<readonly string[]>(['en', 'fr'], ['fr', 'en', 'km'], ['es'], []);

/** A copy of `v` with every object's keys and every array of objects shuffled by `next`, and one leaf changed when `change` hits it. */
function reshuffle(v: Json, next: () => number, change: { at: number }): Json {
  if (Array.isArray(v)) {
    const items = v.map((x) => reshuffle(x, next, change));
    const objects = items.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x));
    if (objects && next() < 0.5) items.sort(() => next() - 0.5);
    return items;
  }
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v).sort(() => next() - 0.5);
    const out: Json = {};
    for (const k of keys) out[k] = reshuffle(v[k], next, change);
    return out;
  }
  return change.at-- === 0 ? (v === 'a' ? 'b' : 'a') : v;
}

/** A small deterministic generator from a seed (the property's seed is fast-check's). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('sameContent: the drift comparison without canonical texts', () => {
  it('agrees with comparing canonical texts of locale-sorted copies, on reshuffled and changed copies', () => {
    fc.assert(
      fc.property(json, order, fc.integer(), fc.integer({ min: -1, max: 6 }), (a, o, seed, at) => {
        const b = reshuffle(a, lcg(seed), { at });
        expect(sameContent(a, b, o)).toBe(byCanonicalText(a, b, o));
        expect(sameContent(b, a, o)).toBe(byCanonicalText(a, b, o));
      }),
      fuzzRuns(1000),
    );
  });

  it('agrees with comparing canonical texts on unrelated values', () => {
    fc.assert(
      fc.property(json, json, order, (a, b, o) => {
        expect(sameContent(a, b, o)).toBe(byCanonicalText(a, b, o));
      }),
      fuzzRuns(1000),
    );
  });

  it('reads localized texts in the release order and everything else as it is', () => {
    const en = { locale: 'en', value: 'Cameras' };
    const fr = { locale: 'fr', value: 'Caméras' };
    expect(sameContent({ title: [en, fr], id: 'x' }, { id: 'x', title: [fr, en] }, ['en', 'fr'])).toBe(true);
    // Order among entries of one locale, and of unknown locales, is the text's own.
    const en2 = { locale: 'en', value: 'Video' };
    expect(sameContent([en, en2], [en2, en], ['en'])).toBe(false);
    // A localized text inside an entry of another is not sorted (sortLocales does not reach into entries).
    const nested = (inner: Json[]) => [{ locale: 'en', value: inner }];
    expect(sameContent(nested([en, fr]), nested([fr, en]), ['en', 'fr'])).toBe(false);
    expect(sameContent(nested([en, fr]), nested([en, fr]), ['en', 'fr'])).toBe(true);
    // Arrays that are not localized texts keep their order.
    expect(sameContent({ ids: ['a', 'b'] }, { ids: ['b', 'a'] }, ['en'])).toBe(false);
    // A key holding undefined is absent, as in JSON, on either side.
    expect(sameContent({ id: 'x', note: undefined }, { id: 'x' }, ['en'])).toBe(true);
    expect(sameContent({ id: 'x' }, { id: 'x', note: undefined }, ['en'])).toBe(true);
    expect(sameContent({ id: 'x', note: undefined }, { id: 'x', note: 'n' }, ['en'])).toBe(false);
    // A "__proto__" key parsed from JSON is compared like any other key. (The old comparison's
    // sorted copy lost it; the values compared never hold one: zod's objects drop unknown keys.)
    const withProto = JSON.parse('{"__proto__":{"a":1},"id":"x"}');
    expect(sameContent(withProto, JSON.parse('{"id":"x","__proto__":{"a":1}}'), [])).toBe(true);
    expect(sameContent(withProto, { id: 'x' }, [])).toBe(false);
    expect(sameContent({ id: 'x' }, withProto, [])).toBe(false);
  });
});
