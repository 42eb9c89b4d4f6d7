import type { Child } from 'hono/jsx';
import type { IconOf } from '../icons/resolver.js';
import { labelOf, labelsFor, type Labels } from '../shared/labels.js';
import { qrPath } from './qr.js';
import { type SignText, signAnswers } from './blocks.js';
import { signText, type Weight, wrapWidth } from './text.js';
import { FONT_STACK } from '../shared/styles.js';
import type { DocView } from '../view/view.js';

/** Units of the sign: 4 per millimetre at A4 width (210 mm); the viewBox scales to any print size. */
const W = 840;
/** The sign is never shorter than A4 portrait; more text makes it taller. */
const A4_H = 1188;
const M = 52;
const INK = '#14171c';
const MUTED = '#4a5160';
const BAND = '#0a4a54';
const COLS = 4;
const ICON = 80;
const QR_BOX = 210;
/** The smallest text: 26 units is 3.1 mm when the sign is printed 10 cm wide. */
const SMALL = 26;

interface Block {
  x: number;
  y: number;
  width: number;
  lines: string[];
  size: number;
  lh: number;
  weight?: Weight;
  fill: string;
  anchor?: 'middle';
  lang?: string;
}

/** Wraps `t` into `width` at `size`; `height` is what the block takes below its first baseline's top. */
function block(t: SignText, x: number, y: number, width: number, size: number, rest: Partial<Block> = {}) {
  const weight = rest.weight ?? 'regular';
  const lh = Math.round(size * 1.25);
  const lines = wrapWidth(t.text, width, size, weight);
  const b: Block = { x, y: y + size, width, lines, size, lh, fill: INK, lang: t.lang, ...rest };
  return { b, height: lines.length * lh };
}

function TextBlock({ b }: { b: Block }) {
  return (
    <text
      x={b.x}
      y={b.y}
      font-size={b.size}
      font-weight={b.weight === 'bold' ? 700 : undefined}
      fill={b.fill}
      text-anchor={b.anchor}
      lang={b.lang}
      data-slot-width={b.width}
    >
      {b.lines.map((l, i) => (
        <tspan x={b.x} dy={i ? b.lh : 0}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/** Stacks blocks down a column from `y`, with `gap` after each; returns the blocks and the next free y. */
function stack(y: number, items: Array<[SignText, number, Partial<Block>?, number?]>, x = M, width = W - 2 * M) {
  const blocks: Block[] = [];
  for (const [text, size, rest, gap = 6] of items) {
    if (!text.text) continue;
    const { b, height } = block(text, x, y, width, size, rest);
    blocks.push(b);
    y += height + gap;
  }
  return { blocks, y };
}

/**
 * The sign: one self-contained SVG for print, after DTPR's public signage. Three answers (what it
 * does, whether it can identify you, who to reach and how), the category icons with short labels,
 * and a QR code with the printed link. Text wraps and the sign grows; nothing is cut.
 */
export function renderSign(view: DocView, link: string, iconOf: IconOf): string {
  const t: Labels = labelsFor(view.lang);
  const a = signAnswers(view, t);
  const head = stack(40, [
    [{ text: t.signKicker.toLocaleUpperCase(view.lang) }, SMALL, { weight: 'bold', fill: '#fff' }, 14],
    [view.title.text ? view.title : { text: t.untitled }, 44, { weight: 'bold', fill: '#fff' }],
  ]);
  const bandH = head.y + 24;
  const q = (text: string): [SignText, number, Partial<Block>, number] => [
    { text },
    SMALL,
    { weight: 'bold', fill: BAND },
    4,
  ];
  const answers = stack(bandH + 30, [
    q(t.signDoes),
    [a.does, 32, {}, 22],
    q(t.signIdentify),
    [a.identify, 30, {}, 22],
    q(t.signContact),
    ...(a.runBy
      ? [[{ text: `${t.signRunBy} ${a.runBy.text}`, lang: a.runBy.lang }, 30, { weight: 'bold' }] as const]
      : []),
    ...a.others.map((o) => [o, SMALL, { fill: MUTED }] as [SignText, number, Partial<Block>]),
    ...(a.contacts.length
      ? a.contacts.map((c) => [c, 30, { weight: 'bold', fill: BAND }] as [SignText, number, Partial<Block>])
      : [[{ text: t.signNoContact }, SMALL, { fill: MUTED }] as [SignText, number, Partial<Block>]]),
  ] as Array<[SignText, number, Partial<Block>?, number?]>);
  const tiles = view.sections.filter((s) => s.cards.length > 0);
  const tileW = (W - 2 * M) / COLS;
  const tileLabel = (s: (typeof tiles)[number], cx: number, top: number) => {
    const own = labelOf(t, `sign_${s.id}`);
    return block(own ? { text: own } : s.title, cx, top, tileW - 12, SMALL, {
      weight: 'bold',
      anchor: 'middle',
      lh: 32,
    }).b;
  };
  const labels = tiles.map((s) => tileLabel(s, 0, 0).lines.length);
  const rows = Math.ceil(tiles.length / COLS);
  const rowH = (r: number) => ICON + 14 + Math.max(1, ...labels.slice(r * COLS, r * COLS + COLS)) * 32 + 18;
  const tilesH = Array.from({ length: rows }, (_, r) => rowH(r)).reduce((x, y) => x + y, 0);
  const qr = qrPath(link);
  const textX = M + QR_BOX + 28;
  const scan = stack(
    0,
    [
      [{ text: t.signScan }, SMALL, {}, 10],
      [{ text: link }, SMALL, { weight: 'bold', fill: BAND }, 10],
      [{ text: t.signFooter }, SMALL, { fill: MUTED }, 0],
    ],
    textX,
    W - M - textX,
  );
  const footH = Math.max(QR_BOX, scan.y) + 40;
  const tilesTop = answers.y + 24;
  const H = Math.max(A4_H, tilesTop + tilesH + 20 + footH);
  const footY = H - footH;
  const spare = footY - 20 - tilesTop - tilesH;
  const tileBlocks: Array<{ b: Block; icon: string; x: number; y: number }> = [];
  let y = tilesTop + spare / 2;
  for (let r = 0; r < rows; r++) {
    const inRow = tiles.slice(r * COLS, r * COLS + COLS);
    inRow.forEach((s, i) => {
      const cx = M + ((COLS - inRow.length) / 2 + i + 0.5) * tileW;
      tileBlocks.push({
        b: tileLabel(s, cx, y + ICON + 10),
        icon: iconOf(s.cards[0]!.icon).light,
        x: cx - ICON / 2,
        y,
      });
    });
    y += rowH(r);
  }
  const foot = scan.blocks.map((b) => ({ ...b, y: b.y + footY + 24 }));
  const all = [...head.blocks, ...answers.blocks, ...tileBlocks.map((x) => x.b), ...foot];
  const root: Child = (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      width={`${W / 4}mm`}
      height={`${H / 4}mm`}
      lang={view.lang}
      role="img"
      aria-labelledby="sign-title sign-desc"
      font-family={FONT_STACK}
    >
      <title id="sign-title">{signText(`${t.signKicker}: ${view.title.text || t.untitled}`)}</title>
      <desc id="sign-desc">
        {signText(
          `${a.does.text} ${a.identify.text} ${a.runBy ? `${t.signRunBy} ${a.runBy.text}.` : ''} ${t.signScan} ${link}`,
        )}
      </desc>
      <rect width={W} height={H} fill="#fff" />
      <path d={`M0 0H${W}V${bandH}H0z`} fill={BAND} />
      <rect x="3" y="3" width={W - 6} height={H - 6} fill="none" stroke={BAND} stroke-width="6" />
      {tileBlocks.map((x) => (
        <image href={x.icon} x={x.x} y={x.y} width={ICON} height={ICON} />
      ))}
      <line x1={M} x2={W - M} y1={footY} y2={footY} stroke="#c9ced6" stroke-width="2" />
      <g transform={`translate(${M - 8} ${footY + 16}) scale(${QR_BOX / (qr.size + 8)})`}>
        <rect width={qr.size + 8} height={qr.size + 8} fill="#fff" />
        <path d={qr.d} transform="translate(4 4)" fill="#000" shape-rendering="crispEdges" />
      </g>
      {all.map((b) => (
        <TextBlock b={b} />
      ))}
    </svg>
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${String(root)}`;
}
