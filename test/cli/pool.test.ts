import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { bundleFragments } from '../../cli/bundle/fragments.js';
import { poolBundles } from '../../cli/bundle/pool.js';
import { buildSearchIndex } from '../../cli/bundle/search-index.js';
import { compactEntry } from '../../cli/bundle/posting-code.js';
import { discoverReleases } from '../../cli/commands/build-all.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { pooledTexts } from '../../src/store/pooled.js';
import { expandEntries } from '../../src/store/posting-code.js';

const shipped = discoverReleases(join(PROJECT_ROOT, 'schemas')).releases.map(({ dir, id }) => {
  const { bundle, json } = compileRelease(dir, id);
  return { id: id.id, bundle: bundle!, json: json! };
});

describe('the fragment pool', () => {
  it('reassembles every shipped release to its exact JSON, through the record the Worker reads', () => {
    const { pool, releases } = poolBundles(shipped);
    const texts = pooledTexts(pool, releases);
    expect(Object.keys(texts)).toEqual(shipped.map((s) => s.id).sort());
    for (const { id, json } of shipped) {
      expect(Object.hasOwn(texts, id)).toBe(true);
      expect(texts[id]).toBe(json);
    }
    expect({ ...texts }).toEqual(Object.fromEntries(shipped.map((s) => [s.id, s.json])));
  });

  it('holds content two releases share once', () => {
    const { pool } = poolBundles(shipped);
    const fragments = pool.text.split('\n');
    const elements = shipped.flatMap((s) => s.bundle.elements.map((e) => JSON.stringify(e)));
    for (const element of new Set(elements)) expect(fragments.filter((f) => f.endsWith(element))).toHaveLength(1);
    const pooled = pool.text.length;
    expect(pooled).toBeLessThan(0.6 * shipped.reduce((n, s) => n + s.json.length, 0));
  });

  it('renumbers the documents of a release that lacks some', () => {
    const [older] = shipped;
    const rebuilt = without(older!.bundle, older!.bundle.elements[1]!.id);
    const { releases, pool } = poolBundles([
      older!,
      { id: 'ai@2000-01-01', bundle: rebuilt, json: JSON.stringify(rebuilt) },
    ]);
    expect(releases['ai@2000-01-01']?.docs).toBeDefined();
    expect(releases[older!.id]?.docs).toBeUndefined();
    expect(pooledTexts(pool, releases)['ai@2000-01-01']).toBe(JSON.stringify(rebuilt));
  });
});

/** `bundle` without element `id`, its search indexes rebuilt by the build's own code. */
function without(bundle: Bundle, id: string): Bundle {
  const elements = bundle.elements.filter((e) => e.id !== id);
  return {
    ...bundle,
    elements,
    search_index: Object.fromEntries(
      bundle.manifest.locales.map((locale) => [locale, buildSearchIndex(elements, bundle.categories, locale)]),
    ),
  };
}

describe('fragments', () => {
  it('join to JSON.stringify, leaving out what it leaves out', () => {
    const value = {
      manifest: { a: 1, b: undefined },
      categories: [{ id: 'x', order: 1 }],
      symbols: { s: '<svg/>' },
      extra: [1, undefined],
    };
    expect(
      bundleFragments(value)
        .map((f) => f.text)
        .join(''),
    ).toBe(JSON.stringify(value));
  });
});

describe('compact index entries', () => {
  it('expand back to their JSON, comma-separated when consecutive', () => {
    expect(compactEntry('["youth",[1,91,98],[5,98,-2]]')).toBe('youth"1,91,98|5,98,-2');
    expect(expandEntries('youth"1,91,98|5,98,-2\n22"1,4')).toBe('["youth",[1,91,98],[5,98,-2]],["22",[1,4]]');
  });
  it('refuse a term with a quote or a bar', () => {
    expect(() => compactEntry('["a\\"b",[1,2]]')).toThrow(/no compact form/);
    expect(() => compactEntry('["a|b",[1,2]]')).toThrow(/no compact form/);
  });
});
