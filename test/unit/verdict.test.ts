import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../src/domain/bundle.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { decisionVerdict } from '../../src/services/render/view/verdict.js';

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
