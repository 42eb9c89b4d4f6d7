import { SLUG_PATTERN } from '../../src/core/strings.js';
import { contrastRatio, innerColor, MIN_CONTEXT_CONTRAST } from '../../src/services/render/icons/color.js';
import type { Release } from '../release.js';
import { finding, type Finding } from './finding.js';
import { contextSites } from './walk.js';

const RESERVED = new Set(['default', 'dark']);

/**
 * Context values have unique slug ids that do not collide with the base icon variants, and
 * colours whose glyph (chosen by luminance) contrasts at least `minContrast`:1. With the
 * 0.179 luminance threshold no #RRGGBB colour falls below 4.58:1, so the default 4.5 is a
 * guard against a future change of threshold or glyph colours.
 */
export function contextRules(release: Release, minContrast = MIN_CONTEXT_CONTRAST): Finding[] {
  const out: Finding[] = [];
  for (const { file, path, context } of contextSites(release)) {
    const seen = new Map<string, number>();
    context.values.forEach((value, v) => {
      const at = `${path}.values[${v}]`;
      const first = seen.get(value.id);
      if (first === undefined) seen.set(value.id, v);
      else
        out.push(
          finding(
            'context_value_duplicate',
            file,
            `${at}.id`,
            `Context value id "${value.id}" repeats ${path}.values[${first}].`,
          ),
        );
      if (RESERVED.has(value.id)) {
        out.push(
          finding('reserved_variant_token', file, `${at}.id`, `"${value.id}" is reserved for the base icon variants.`),
        );
      } else if (!SLUG_PATTERN.test(value.id)) {
        out.push(
          finding('context_value_id_invalid', file, `${at}.id`, `Context value id "${value.id}" is not a slug.`),
        );
      }
      if (value.color === null) return;
      const glyph = innerColor(value.color);
      const ratio = contrastRatio(value.color, glyph);
      if (ratio < minContrast) {
        out.push(
          finding(
            'low_contrast_context_color',
            file,
            `${at}.color`,
            `${value.color} with a ${glyph} glyph has contrast ${ratio.toFixed(2)}:1, below ${minContrast}:1.`,
          ),
        );
      }
    });
  }
  return out;
}
