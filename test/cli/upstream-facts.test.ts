import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { parseVersionId } from '../../src/core/version.js';
import { rankCategories, releaseFacts, type ReleaseFacts } from '../../src/domain/release-facts.js';

/**
 * The releases we carry over from the public DTPR API must keep its facts exactly (ids, order,
 * flags, shapes, contexts, variables, symbols); only the texts are ours. Each file in
 * fixtures/upstream-facts holds one upstream release's facts; the release of the same id under
 * schemas/ is built and its facts compared. CI fails on any drift.
 *
 * For the releases in ELEMENT_SYMBOLS the reference's symbol list may lack ids no element uses, so
 * the symbols compared are the ones elements use (ours may ship no id the reference lacks). For
 * the releases in SHIPPED_LOCALES our locales are listed in another order than the reference's, or
 * are fewer: ours must be those, each one of the reference's. dtpr@2026-09-01-beta carries all
 * eleven of the reference's, in the order they were added rather than the reference's order.
 */
const FACTS_DIR = join(PROJECT_ROOT, 'test/fixtures/upstream-facts');
const files = readdirSync(FACTS_DIR).filter((f) => f.endsWith('.json'));
const ELEMENT_SYMBOLS = new Set(['ai@2026-08-24-beta', 'dtpr@2026-09-01-beta']);
const SHIPPED_LOCALES: Record<string, string[]> = {
  'dtpr@2026-09-01-beta': ['en', 'fr', 'es', 'pt', 'nl', 'de', 'vi', 'fil', 'zh-Hans', 'zh-Hant', 'km'],
};

type Raw = Omit<ReleaseFacts, 'categories'> & {
  categories: Record<string, ReleaseFacts['categories'][string]>;
};

/** The reference as published: 1-based orders become ranks; a missing variable kind means localized_text. */
function normalise(raw: Raw): ReleaseFacts {
  const ranks = rankCategories(Object.values(raw.categories));
  const categories: ReleaseFacts['categories'] = {};
  for (const [id, c] of Object.entries(raw.categories)) {
    categories[id] = {
      ...c,
      order: ranks.get(id)!,
      element_variables: c.element_variables.map((v) => ({ ...v, kind: v.kind ?? 'localized_text' })),
    };
  }
  return { ...raw, categories, symbols: [...raw.symbols].sort() };
}

const usedSymbols = (facts: ReleaseFacts): string[] =>
  [...new Set(Object.values(facts.elements).map((e) => e.symbol_id))].sort();

/** The reference with its locales narrowed to the ones we ship (after checking they are the reference's). */
function shippedLocales(reference: ReleaseFacts): ReleaseFacts {
  const ours = SHIPPED_LOCALES[reference.meta.version];
  if (!ours) return reference;
  expect(reference.meta.locales).toEqual(expect.arrayContaining(ours));
  return {
    ...reference,
    meta: { ...reference.meta, locales: ours },
    datachain_type: { ...reference.datachain_type, locales: ours },
  };
}

function compile(version: string) {
  const id = parseVersionId(version);
  if (id.error !== undefined) throw new Error(id.error);
  const { bundle, findings } = compileRelease(join(PROJECT_ROOT, 'schemas', id.value.type, id.value.dir), id.value);
  if (!bundle) throw new Error(`${version} does not build: ${findings.map((f) => f.code).join(', ')}`);
  return bundle;
}

function built(version: string): ReleaseFacts {
  return releaseFacts(compile(version));
}

describe('releases carried over from the public DTPR API', () => {
  it('has a facts file for each carried-over release', () => {
    expect(files.sort()).toEqual([
      'ai@2026-05-06-beta.json',
      'ai@2026-08-12-beta.json',
      'ai@2026-08-24-beta.json',
      'dtpr@2026-09-01-beta.json',
    ]);
  });

  it.each(files)('%s: the built release has exactly the reference facts', (file) => {
    const reference = shippedLocales(normalise(JSON.parse(readFileSync(join(FACTS_DIR, file), 'utf8')) as Raw));
    const ours = built(reference.meta.version);
    // Compared part by part so a failure names the part that drifted.
    expect(ours.meta).toEqual(reference.meta);
    expect(ours.datachain_type).toEqual(reference.datachain_type);
    if (ELEMENT_SYMBOLS.has(reference.meta.version)) {
      expect(usedSymbols(ours)).toEqual(usedSymbols(reference));
      expect(ours.symbols.filter((s) => !reference.symbols.includes(s))).toEqual([]);
    } else {
      expect(ours.symbols).toEqual(reference.symbols);
    }
    expect(ours.categories).toEqual(reference.categories);
    expect(ours.elements).toEqual(reference.elements);
  });

  it.each([...ELEMENT_SYMBOLS])(
    '%s: data_retained names {{duration}} in its title and description, in every locale',
    (version) => {
      const bundle = compile(version);
      const element = bundle.elements.find((e) => e.id === 'data_retained')!;
      for (const text of [element.title, element.description]) {
        expect(text.map((t) => t.locale)).toEqual(bundle.manifest.locales);
        for (const { value } of text) expect(value).toContain('{{duration}}');
      }
    },
  );

  it('detects drift: one changed flag is a difference', () => {
    const reference = normalise(JSON.parse(readFileSync(join(FACTS_DIR, 'ai@2026-05-06-beta.json'), 'utf8')) as Raw);
    const ours = built('ai@2026-05-06-beta');
    ours.categories.risks_mitigation!.element_variables[0]!.required = false;
    expect(ours.categories).not.toEqual(reference.categories);
  });
});
