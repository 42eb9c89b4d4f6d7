import type { DocView } from '../view/view.js';
import type { SignAnswers } from './blocks.js';
import { joinRuns, type Para, type PlacedPara, parasHeight, runsText, stackParas } from './layout.js';
import { type Run, textWidth } from './text.js';
import { signTiles, type Tile, tileCard, tileIn } from './tiles.js';

const COLS = 4;
const ICON = 100;
const MUTED = '#4a5160';
const INK = '#14171c';
const SWATCH = 18;
const LEGEND_SIZE = 16;

/** A tile in every locale of the sign: the first view's tile, then its twins. */
interface TileSet {
  tiles: Tile[];
  icon: { elementId: string; context?: string };
  /** Where the card the tile draws is placed. */
  path: string;
}
export interface PlacedTile {
  icon: { elementId: string; context?: string };
  x: number;
  y: number;
  size: number;
}
export interface LegendEntry {
  x: number;
  y: number;
  size: number;
  color: string;
}

/** A paragraph of runs in the language of the first (the tile's own locale when the first has none). */
const ofRuns = (runs: readonly Run[], lang: string, style: Omit<Para, 'text' | 'lang' | 'runs'>): Para => ({
  ...style,
  text: runsText(runs),
  runs,
  lang,
});

/** The words under one icon: the answer in each locale (the first bold), then the category. */
function tileParas(set: TileSet): Para[] {
  const [first, ...rest] = set.tiles;
  return [
    ofRuns(first!.answerRuns, first!.lang, { size: 20, weight: 'bold', fill: INK, anchor: 'middle', gap: 2 }),
    ...rest
      .filter((t) => t.answer !== first!.answer)
      .map((t): Para => ofRuns(t.answerRuns, t.lang, { size: 17, fill: MUTED, anchor: 'middle', gap: 2 })),
    ofRuns(joinRuns(set.tiles.map((t) => ({ text: t.label, lang: t.lang }))), first!.lang, {
      size: 16,
      fill: MUTED,
      anchor: 'middle',
      gap: 0,
    }),
  ];
}

/** The colours the shown tiles use, each named in every locale. */
function legendOf(sets: readonly TileSet[]) {
  const byColor = new Map<string, Run[]>();
  for (const s of sets) {
    const color = s.tiles[0]!.badge?.color;
    if (!color) continue;
    const names = byColor.get(color) ?? [];
    names.push(...s.tiles.map((t) => ({ text: t.badge?.name.text ?? '', lang: t.badge?.name.lang ?? t.lang })));
    byColor.set(color, names);
  }
  return [...byColor].map(([color, names]) => ({ color, runs: joinRuns(names) }));
}

/** The tiles a sign can show and the height their first `n` rows take (with the legend of their colours). */
export function tileRows(views: readonly DocView[], as: readonly SignAnswers[], width: number) {
  const sets: TileSet[] = signTiles(views[0]!, as[0]!.t).map((tile) => {
    const card = tileCard(views[0]!, tile);
    return {
      tiles: [tile, ...views.slice(1).flatMap((v, i) => tileIn(v, as[i + 1]!.t, tile) ?? [])],
      icon: card.icon,
      path: card.path,
    };
  });
  const tileW = width / COLS;
  const rowHeight = (row: readonly TileSet[]) =>
    ICON + 10 + Math.max(0, ...row.map((s) => parasHeight(tileParas(s), tileW - 12))) + 14;
  const rowsOf = (n: number) =>
    Array.from({ length: n }, (_, r) => sets.slice(r * COLS, r * COLS + COLS)).filter((r) => r.length);
  const legendLabel = joinRuns(as.map((a) => ({ text: a.t.colours, lang: a.lang })));
  const legendHeight = (shown: readonly TileSet[]) =>
    legendOf(shown).length ? legendLines(legendLabel, legendOf(shown), 0, 0, width).height : 0;
  return {
    all: sets.map((s) => s.tiles[0]!),
    sets,
    tileW,
    rowsOf,
    rowHeight,
    legendLabel,
    /** The tiles past the first `n` rows, which the sign leaves out: each its category's words and card's path. */
    leftOut: (n: number) => sets.slice(n * COLS).map((s) => ({ text: s.tiles[0]!.label, path: s.path })),
    /** Height of the first `n` rows and their legend; 0 when there is no tile. */
    height(n: number) {
      const rows = rowsOf(n);
      if (!rows.length) return 0;
      return rows.reduce((h, r) => h + rowHeight(r), 0) + legendHeight(rows.flat());
    },
  };
}
export type TileRows = ReturnType<typeof tileRows>;

/** The legend as a label and swatch-and-name entries flowing across `width`, wrapping when full. */
function legendLines(
  label: readonly Run[],
  entries: ReadonlyArray<{ color: string; runs: readonly Run[] }>,
  x: number,
  y: number,
  width: number,
) {
  const lh = Math.round(LEGEND_SIZE * 1.6);
  const paras: PlacedPara[] = [];
  const swatches: LegendEntry[] = [];
  let cx = x;
  let line = 0;
  const place = (runs: readonly Run[], w: number, swatch?: string) => {
    const text = runsText(runs);
    const need = (swatch ? SWATCH + 8 : 0) + w;
    if (cx > x && cx + need > x + width) {
      cx = x;
      line++;
    }
    const top = y + line * lh;
    if (swatch) {
      swatches.push({ x: cx, y: top + 1, size: SWATCH, color: swatch });
      cx += SWATCH + 8;
    }
    const slot = Math.min(Math.ceil(w) + 2, x + width - cx);
    paras.push({
      text,
      runs,
      lang: runs[0]?.lang ?? 'en',
      spans: [[...runs]],
      size: LEGEND_SIZE,
      fill: INK,
      x: cx,
      y: top + LEGEND_SIZE,
      width: slot,
      lh,
      cut: false,
      weight: 'regular',
    });
    cx += w + 24;
  };
  place(label, textWidth(runsText(label), LEGEND_SIZE));
  for (const e of entries)
    place(e.runs, Math.min(textWidth(runsText(e.runs), LEGEND_SIZE), width - SWATCH - 8), e.color);
  return { paras, swatches, height: (line + 1) * lh };
}

/** Places the first `n` rows of tiles from `top`, centred in `width`, with the legend below. */
export function layoutTiles(rows: TileRows, n: number, x: number, top: number, width: number) {
  const tiles: PlacedTile[] = [];
  const paras: PlacedPara[] = [];
  let y = top;
  const shown = rows.rowsOf(n);
  for (const row of shown) {
    row.forEach((set, i) => {
      const cx = x + ((COLS - row.length) / 2 + i + 0.5) * rows.tileW;
      tiles.push({ icon: set.icon, x: cx - ICON / 2, y, size: ICON });
      paras.push(...stackParas(tileParas(set), cx, y + ICON + 10, rows.tileW - 12).placed);
    });
    y += rows.rowHeight(row);
  }
  const entries = legendOf(shown.flat());
  let legend: LegendEntry[] = [];
  if (entries.length) {
    const l = legendLines(rows.legendLabel, entries, x, y, width);
    paras.push(...l.paras);
    legend = l.swatches;
    y += l.height;
  }
  return { tiles, paras, legend, height: y - top };
}
