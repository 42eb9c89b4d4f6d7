import { afterEach, describe, expect, it } from 'vitest';
import { contextRules } from '../../cli/rules/contexts.js';
import { loadRelease } from '../../cli/load/read-release.js';
import {
  contrastRatio,
  innerColor,
  MIN_CONTEXT_CONTRAST,
  relativeLuminance,
} from '../../src/services/render/icons/color.js';
import { makeFixture, type Fixture } from './fixture.js';

describe('colour arithmetic', () => {
  it('matches the WCAG figures of the shipped palette', () => {
    const cases: [string, '#000' | '#FFF', number][] = [
      ['#2A9D8F', '#000', 6.32],
      ['#6A1B7A', '#FFF', 10.24],
      ['#E76F51', '#000', 6.79],
      ['#4A90D9', '#000', 6.28],
      ['#9575CD', '#000', 5.7],
      ['#FFD700', '#000', 14.97],
    ];
    for (const [color, inner, ratio] of cases) {
      expect(innerColor(color)).toBe(inner);
      expect(contrastRatio(color, inner)).toBeCloseTo(ratio, 2);
    }
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000', '#FFF')).toBeCloseTo(21, 10);
  });

  it('never falls below 4.5:1 with the luminance-chosen glyph', () => {
    let min = Infinity;
    const hex = (n: number): string => n.toString(16).padStart(2, '0');
    for (let r = 0; r < 256; r += 5)
      for (let g = 0; g < 256; g += 5)
        for (let b = 0; b < 256; b += 5) {
          const color = `#${hex(r)}${hex(g)}${hex(b)}`;
          min = Math.min(min, contrastRatio(color, innerColor(color)));
        }
    expect(min).toBeGreaterThanOrEqual(MIN_CONTEXT_CONTRAST);
    expect(min).toBeLessThan(4.6);
  });

  it('rejects malformed colours', () => {
    expect(() => relativeLuminance('red')).toThrow(RangeError);
  });
});

describe('low_contrast_context_color', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.cleanup());

  it('warns on a colour below the required ratio, at the colour path', () => {
    // 4.5:1 cannot be missed (see above), so the rule is exercised with a stricter ratio.
    fx = makeFixture();
    const { release } = loadRelease(fx.dir, fx.version);
    expect(contextRules(release)).toEqual([]);
    const findings = contextRules(release, 7);
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'low_contrast_context_color',
        severity: 'warning',
        file: 'categories/input_dataset.yaml',
        path: 'element_context.values[0].color',
      }),
    ]);
    expect(findings[0]?.message).toContain('#4A90D9');
  });
});
