import { clampRuns, type Run, type Weight } from './text.js';

/** A paragraph of the sign: one `<text>` element, wrapped to the width of its column. */
export interface Para {
  text: string;
  /** The text as runs when parts of it are in other languages than `lang`; joined, they are `text`. */
  runs?: readonly Run[];
  size: number;
  weight?: Weight;
  fill?: string;
  /** The paragraph's language: where its lines may break, and its `lang` on the sign. */
  lang: string;
  /** Space below the paragraph, in units. */
  gap?: number;
  /** Most lines it may take; past that it ends with an ellipsis (a last resort, reported to the author). */
  clamp?: number;
  anchor?: 'middle';
}

/** A paragraph placed: its lines (as runs), its first baseline and the width it was given. */
export interface PlacedPara extends Para {
  x: number;
  y: number;
  width: number;
  spans: Run[][];
  lh: number;
  cut: boolean;
}

/**
 * Baseline to baseline: 1.25 em; 1.6 em for a paragraph with Khmer in it, whose stacked subscripts
 * reach 0.58 em below the baseline and whose vowels above a letter up to 0.94 em over it (ink of
 * Noto Sans Khmer, "អ្នកបញ្ចូល", "ព័ត៌"), so its lines at 1.25 em touched.
 */
const TALL = /\p{Script=Khmer}/u;
const lineHeight = (size: number, text: string) => Math.round(size * (TALL.test(text) ? 1.6 : 1.25));

/** Wraps each paragraph to `width` and stacks them from `top`; returns them placed and the height they take. */
export function stackParas(paras: readonly Para[], x: number, top: number, width: number) {
  const placed: PlacedPara[] = [];
  let y = top;
  for (const p of paras) {
    if (!p.text) continue;
    const { lines: spans, cut } = clampRuns(
      p.runs ?? [{ text: p.text }],
      width,
      p.size,
      p.weight ?? 'regular',
      p.clamp ?? Number.MAX_SAFE_INTEGER,
      p.lang,
    );
    const lh = lineHeight(p.size, p.text);
    placed.push({ ...p, x, y: y + p.size, width, spans, lh, cut });
    y += spans.length * lh + (p.gap ?? 6);
  }
  return { placed, height: y - top };
}

/** The height `paras` take in a column of `width`. */
export const parasHeight = (paras: readonly Para[], width: number) => stackParas(paras, 0, 0, width).height;

/** What stands between the parts of a line in several locales: "Vendor · Proveedor". */
export const RUN_SEPARATOR = '\u00a0\u00b7 ';

/**
 * One text from the same words in several locales, each in its language, told apart by a middle
 * dot ("Kept 2 years · Conservées 2 ans"); a text that repeats an earlier one is left out. The
 * no-break space keeps the dot off the start of a line.
 */
export function joinRuns(parts: readonly Run[]): Run[] {
  const seen = new Set<string>();
  const out: Run[] = [];
  for (const part of parts) {
    if (!part.text || seen.has(part.text)) continue;
    seen.add(part.text);
    if (out.length) out.push({ text: RUN_SEPARATOR });
    out.push(part);
  }
  return out;
}

/** The text of `runs`. */
export const runsText = (runs: readonly Run[]) => runs.map((r) => r.text).join('');
