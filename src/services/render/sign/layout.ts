import { clampWidth, type Weight } from './text.js';

/** A paragraph of the sign: one `<text>` element, wrapped to the width of its column. */
export interface Para {
  text: string;
  size: number;
  weight?: Weight;
  fill?: string;
  lang?: string;
  /** Space below the paragraph, in units. */
  gap?: number;
  /** Most lines it may take; past that it ends with an ellipsis (a last resort, reported to the author). */
  clamp?: number;
  anchor?: 'middle';
}

/** A paragraph placed: its lines, its first baseline and the width it was given. */
export interface PlacedPara extends Para {
  x: number;
  y: number;
  width: number;
  lines: string[];
  lh: number;
  cut: boolean;
}

const lineHeight = (size: number) => Math.round(size * 1.25);

/** Wraps each paragraph to `width` and stacks them from `top`; returns them placed and the height they take. */
export function stackParas(paras: readonly Para[], x: number, top: number, width: number) {
  const placed: PlacedPara[] = [];
  let y = top;
  for (const p of paras) {
    if (!p.text) continue;
    const { lines, cut } = clampWidth(p.text, width, p.size, p.weight ?? 'regular', p.clamp ?? Number.MAX_SAFE_INTEGER);
    const lh = lineHeight(p.size);
    placed.push({ ...p, x, y: y + p.size, width, lines, lh, cut });
    y += lines.length * lh + (p.gap ?? 6);
  }
  return { placed, height: y - top };
}

/** The height `paras` take in a column of `width`. */
export const parasHeight = (paras: readonly Para[], width: number) => stackParas(paras, 0, 0, width).height;
