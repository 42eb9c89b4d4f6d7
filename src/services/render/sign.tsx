import type { Child } from 'hono/jsx';
import type { CardView } from './card.js';
import { GLANCE_CATEGORIES } from './glance.js';
import type { IconOf } from './icon.js';
import { labelOf, labelsFor, type Labels } from './labels.js';
import { qrPath } from './qr.js';
import { charsFor, signText, wrapText } from './sign-text.js';
import { FONT_STACK } from './styles.js';
import { partsText, type TextPart } from './text.js';
import type { DocView } from './view.js';

/** Units of the sign: 4 per millimetre at A4 width (210 mm); the viewBox scales to any print size. */
const W = 840;
/** The sign is never shorter than A4 portrait; long names or titles make it taller. */
const A4_H = 1188;
const M = 52;
const INK = '#14171c';
const MUTED = '#4a5160';
const BAND = '#0a4a54';
const COLS = 4;
const ICON = 84;
const TILE_H = 170;
const QR_BOX = 196;

type Lines = { lines: string[]; lang?: string };

function TextBlock({
  x,
  y,
  b,
  size,
  lh,
  weight,
  fill,
  anchor,
}: {
  x: number;
  y: number;
  b: Lines;
  size: number;
  lh: number;
  weight?: number;
  fill: string;
  anchor?: string;
}) {
  return (
    <text x={x} y={y} font-size={size} font-weight={weight} fill={fill} text-anchor={anchor} lang={b.lang}>
      {b.lines.map((l, i) => (
        <tspan x={x} dy={i ? lh : 0}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

const langOf = (parts: readonly TextPart[]) => parts.map((p) => ('lang' in p ? p.lang : undefined)).find(Boolean);

/** The item a tile names: its first placement's heading, or for the accountable party (named above) the kind of party. */
function tileText(cards: readonly CardView[], categoryId: string): TextPart[] {
  const first = cards[0]!;
  return categoryId === GLANCE_CATEGORIES.who && first.kind ? first.kind : first.heading;
}

/**
 * The sign: one self-contained SVG for print, after DTPR's public signage. The accountable party,
 * one tile per category with a placement (icon in its shape, short label, first item), and a QR
 * code with the printed link to the full disclosure. Text is escaped by JSX; icons are data: images.
 */
export function renderSign(view: DocView, link: string, iconOf: IconOf): string {
  const t: Labels = labelsFor(view.lang);
  const title: Lines = view.title.text
    ? { lines: wrapText(view.title.text, charsFor(W - 2 * M, 44, 'bold'), 2), lang: view.title.lang }
    : { lines: [t.untitled] };
  const who = view.glance?.who?.items ?? [];
  const lead: Lines = who.length
    ? { lines: wrapText(partsText(who[0]!.text), charsFor(W - 2 * M, 40, 'bold'), 2), lang: langOf(who[0]!.text) }
    : { lines: [] };
  const others = who
    .slice(1)
    .map((i) => partsText(i.text) + (i.badge ? ` (${i.badge.name.text})` : ''))
    .join(' \u00b7 ');
  const otherLines: Lines = { lines: others ? wrapText(others, charsFor(W - 2 * M, 24), 2) : [] };
  const tiles = view.sections.filter((s) => s.cards.length > 0);
  const bandH = 118 + (title.lines.length - 1) * 50 + 34;
  const runByY = bandH + 50;
  const nameY = runByY + 46;
  const othersY = nameY + (lead.lines.length - 1) * 46 + 36;
  const tilesY =
    (otherLines.lines.length ? othersY + (otherLines.lines.length - 1) * 30 : nameY + (lead.lines.length - 1) * 46) +
    44;
  const tileW = (W - 2 * M) / COLS;
  const rows = Math.ceil(tiles.length / COLS);
  const qr = qrPath(link);
  const scale = QR_BOX / (qr.size + 8);
  const textX = M + QR_BOX + 32;
  const textW = W - M - textX;
  const scan: Lines = { lines: wrapText(t.signScan, charsFor(textW, 24), 4) };
  const linkLines: Lines = { lines: wrapText(link, charsFor(textW, 22, 'bold'), 3, true) };
  const linkDy = 48 + scan.lines.length * 30 + 10;
  const footerDy = Math.max(QR_BOX, linkDy + linkLines.lines.length * 28 + 8);
  // Few tiles grow (up to 1.5x) into the room an A4 page leaves and sit in its middle; the QR block sits at the bottom.
  const room = A4_H - tilesY - (footerDy + 28) - 12;
  const k = rows ? Math.min(1.5, Math.max(1, room / (rows * TILE_H))) : 1;
  const spare = Math.max(0, room - rows * TILE_H * k);
  const tilesTop = tilesY + spare / 2;
  const qrY = Math.max(tilesY + rows * TILE_H * k + 12, A4_H - footerDy - 28);
  const labels = tiles.map((s) => labelOf(t, `sign_${s.id}`) ?? signText(s.title.text));
  const labelSize = Math.min(22 * k, ...labels.map((l) => Math.floor((tileW - 8) / (l.length * 0.62))));
  const linkY = qrY + linkDy;
  const footerY = qrY + footerDy;
  const H = Math.max(A4_H, footerY + 28);
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
        {signText(`${t.signRunBy} ${who.map((i) => partsText(i.text)).join(', ')}. ${t.signScan} ${link}`)}
      </desc>
      <rect width={W} height={H} fill="#fff" />
      <path d={`M0 0H${W}V${bandH}H0z`} fill={BAND} />
      <rect x="3" y="3" width={W - 6} height={H - 6} fill="none" stroke={BAND} stroke-width="6" />
      <text x={M} y="64" font-size="22" font-weight="700" letter-spacing="3" fill="#fff">
        {t.signKicker.toLocaleUpperCase(view.lang)}
      </text>
      <TextBlock x={M} y={118} b={title} size={44} lh={50} weight={700} fill="#fff" />
      {lead.lines.length ? (
        <text x={M} y={runByY} font-size="24" fill={MUTED}>
          {t.signRunBy}
        </text>
      ) : null}
      <TextBlock x={M} y={nameY} b={lead} size={40} lh={46} weight={700} fill={INK} />
      <TextBlock x={M} y={othersY} b={otherLines} size={24} lh={30} fill={MUTED} />
      {tiles.map((s, i) => {
        const inRow = Math.min(COLS, tiles.length - Math.floor(i / COLS) * COLS);
        const cx = M + ((COLS - inRow) / 2 + (i % COLS) + 0.5) * tileW;
        const y = tilesTop + Math.floor(i / COLS) * TILE_H * k;
        const itemSize = Math.min(19 * k, 21);
        const icon = ICON * k;
        const item = tileText(s.cards, s.id);
        const more = s.cards.length > 1 ? [t.signMore.replace('{n}', String(s.cards.length - 1))] : [];
        const itemLines: Lines = {
          lines: [...wrapText(partsText(item), charsFor(tileW - 10, itemSize), 2 - more.length), ...more],
          lang: langOf(item),
        };
        return (
          <g>
            <image href={iconOf(s.cards[0]!.icon).light} x={cx - icon / 2} y={y} width={icon} height={icon} />
            <text x={cx} y={y + icon + 30 * k} font-size={labelSize} font-weight="700" fill={INK} text-anchor="middle">
              {labels[i]}
            </text>
            <TextBlock
              x={cx}
              y={y + icon + 55 * k}
              b={itemLines}
              size={itemSize}
              lh={itemSize * 1.2}
              fill={INK}
              anchor="middle"
            />
          </g>
        );
      })}
      <line x1={M} x2={W - M} y1={qrY - 6} y2={qrY - 6} stroke="#c9ced6" stroke-width="2" />
      <g transform={`translate(${M - 8} ${qrY + 8}) scale(${scale})`}>
        <rect width={qr.size + 8} height={qr.size + 8} fill="#fff" />
        <path d={qr.d} transform="translate(4 4)" fill="#000" shape-rendering="crispEdges" />
      </g>
      <TextBlock x={textX} y={qrY + 48} b={scan} size={24} lh={30} fill={INK} />
      <TextBlock x={textX} y={linkY} b={linkLines} size={22} lh={28} weight={700} fill={BAND} />
      <text x={textX} y={footerY} font-size="18" fill={MUTED}>
        {t.signFooter}
      </text>
    </svg>
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${String(root)}`;
}
