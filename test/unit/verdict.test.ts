import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/domain/bundle.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { DECISION_SIGNS, decisionVerdict } from '../../src/services/render/view/verdict.js';

/**
 * "Does a person make the final decision?" over every mode or verb and every autonomy value, in
 * both taxonomy lines. The table says which parts decide or act; the verdict reads only those.
 */
const DECIDES: Record<string, boolean> = {
  // ai@ functional modes
  analytical_mode: true,
  agentic_mode: true,
  physical_mode: true,
  perceptive_mode: false,
  semantic_mode: false,
  generative_mode: false,
  // action verbs (ai@2026-08-24-beta, dtpr@)
  decides: true,
  acts: true,
  moves: true,
  recommends: true,
  predicts: true,
  senses: false,
  understands: false,
  identifies: false,
  creates: false,
  answers: false,
};

const LINES: Array<[string, string, string]> = [
  ['functional modes', 'ai@2026-08-12', 'functional_modes'],
  ['action verbs, ai', 'ai@2026-08-24-beta', 'action'],
  ['action verbs, dtpr', 'dtpr@2026-09-01-beta', 'action'],
];

describe.each(LINES)('the decision verdict over the %s (%s)', (_, version, categoryId) => {
  const bundle = JSON.parse(BUNDLES[version]!) as Bundle;
  const ids = bundle.elements.filter((e) => e.category_id === categoryId).map((e) => e.id);
  const category = bundle.categories.find((c) => c.id === categoryId)!;
  const values: Array<string | undefined> = [...category.element_context!.values.map((v) => v.id), undefined];

  it('the table decides for every element of the category', () => {
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(Object.hasOwn(DECIDES, id), id).toBe(true);
  });

  it('one part: a deciding part gives its value (unknown without one); any other part makes no decision', () => {
    for (const id of ids)
      for (const autonomy of values)
        expect(decisionVerdict([{ elementId: id, autonomy }]), `${id} ${autonomy}`).toBe(
          DECIDES[id] ? (autonomy ?? 'unknown') : 'noDecision',
        );
  });

  it('two parts: only deciding parts grade; equal values agree, different ones depend', () => {
    for (const a of ids)
      for (const b of ids)
        for (const va of values)
          for (const vb of values) {
            const deciding = [
              [a, va],
              [b, vb],
            ].filter(([id]) => DECIDES[id!]);
            const expected =
              deciding.length === 0
                ? 'noDecision'
                : deciding.some(([, v]) => v === undefined)
                  ? 'unknown'
                  : new Set(deciding.map(([, v]) => v)).size === 1
                    ? deciding[0]![1]
                    : 'depends';
            const verdict = decisionVerdict([
              { elementId: a, autonomy: va },
              { elementId: b, autonomy: vb },
            ]);
            expect(verdict, `${a}:${va} + ${b}:${vb}`).toBe(expected);
          }
  });

  it('no deciding part, but a decision or a recommendation placed elsewhere: not stated, never "no decision"', () => {
    const understanding = ids.find((id) => !DECIDES[id])!;
    const parts = [{ elementId: understanding, autonomy: 'human_decides' }];
    expect(decisionVerdict(parts, ['computer_vision', 'output_operational_data'])).toBe('noDecision');
    for (const sign of ['output_recommendation', 'output_decision', 'planning_decision_making'])
      expect(decisionVerdict(parts, ['computer_vision', sign]), sign).toBe('unknown');
    // Each sign is an element of a served release (ids are facts shared by the releases that carry them).
    const served = new Set(
      Object.values(BUNDLES).flatMap((text) => (JSON.parse(text) as Bundle).elements.map((e) => e.id)),
    );
    for (const sign of DECISION_SIGNS) expect(served.has(sign), sign).toBe(true);
  });

  it('a sensing part that runs on its own does not make the verdict "autonomous" when a person decides', () => {
    const sensing = ids.find((id) => !DECIDES[id])!;
    const deciding = ids.find((id) => DECIDES[id])!;
    expect(
      decisionVerdict([
        { elementId: sensing, autonomy: 'autonomous' },
        { elementId: deciding, autonomy: 'human_decides' },
      ]),
    ).toBe('human_decides');
  });
});

it('no parts: no verdict (the row says it is not stated)', () => {
  expect(decisionVerdict([])).toBeUndefined();
});

describe('the page and the sign say "not stated" when a recommendation is placed and no part decides', () => {
  it('ai@2026-08-12: a sensing part, and an output that recommends', async () => {
    const { DatachainInstance } = await import('../../src/domain/datachain.js');
    const { renderOutput } = await import('../../src/services/render/output.js');
    const { releaseSource } = await import('../../src/services/render/view/source.js');
    const { catalogueStore } = await import('../../src/store/catalogue-store.js');
    const { fullThin } = await import('../fixtures/datachains/base.js');
    const release = catalogueStore().release('ai@2026-08-12')!;
    const render = (extra: unknown[], format: 'page' | 'sign') => {
      const dc = fullThin();
      dc.elements.push(...extra);
      const options =
        format === 'page'
          ? ({ format, locale: 'en' } as const)
          : ({ format, locale: 'en', link: 'https://x.example/a' } as const);
      return renderOutput({ value: DatachainInstance.parse(dc), warnings: [] }, releaseSource(release), options).body;
    };
    expect(render([], 'page')).toContain('It makes no decision.');
    const recommending = [{ element_id: 'output_recommendation', variables: [] }];
    const page = render(recommending, 'page');
    expect(page).not.toContain('It makes no decision.');
    expect(page).toContain('The disclosure does not say who has the final say.');
    expect(render([], 'sign')).toContain('It makes no decision');
    expect(render(recommending, 'sign')).not.toContain('It makes no decision');
  });
});
