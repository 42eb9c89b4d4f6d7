/**
 * Colour arithmetic shared by the authoring rules and the icon compositor (pure, no I/O).
 * Colours are `#RRGGBB` strings; luminance and contrast follow WCAG 2 (sRGB).
 */

/** A colour whose relative luminance is at least this gets a black glyph, else a white one. */
const INNER_LUMINANCE_THRESHOLD = 0.179;

/** Minimum contrast between a context colour and its glyph colour (WCAG AA for text). */
export const MIN_CONTEXT_CONTRAST = 4.5;

export type InnerColor = '#000' | '#FFF';

function channel(hex: string, offset: number): number {
  const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Expands `#000`/`#FFF` shorthands so the compositor's inner colours can be measured too. */
function normalise(color: string): string {
  if (/^#[0-9A-Fa-f]{3}$/.test(color)) {
    return `#${[...color.slice(1)].map((d) => d + d).join('')}`;
  }
  if (!/^#[0-9A-Fa-f]{6}$/.test(color)) throw new RangeError(`Not a #RRGGBB colour: ${color}`);
  return color;
}

/** WCAG relative luminance in [0, 1]. */
export function relativeLuminance(color: string): number {
  const hex = normalise(color);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio in [1, 21], symmetric in its arguments. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The glyph colour drawn on a shape filled with `color`. */
export function innerColor(color: string): InnerColor {
  return relativeLuminance(color) >= INNER_LUMINANCE_THRESHOLD ? '#000' : '#FFF';
}
