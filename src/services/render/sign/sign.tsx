import type { Child } from 'hono/jsx';
import type { Finding } from '../../validator/finding.js';
import { type IconOf, strictDataUri } from '../icons/resolver.js';
import { fontStack } from '../shared/fonts.js';
import type { DocView } from '../view/view.js';
import { signAnswers, type SignAnswers, type SignText } from './blocks.js';
import { fitBlocks } from './fit.js';
import { joinRuns, RUN_SEPARATOR, type Para, type PlacedPara, parasHeight, runsText, stackParas } from './layout.js';
import { qrPath } from './qr.js';
import { EDGE, SHEET_MM, type SignSize, UNITS_H as H, UNITS_W as W } from './sizes.js';
import { type LeftOut, signNotices } from './notices.js';
import { type LegendEntry, layoutTiles, type PlacedTile, tileRows } from './tile-layout.js';
import { type Run, signText, spaced, textWidth } from './text.js';
import { signLabelsFor } from './labels.js';

const ENGLISH_FOOTER = signLabelsFor('en').footer;

const INK = '#14171c';
const MUTED = '#4a5160';
const BAND = '#0a4a54';
const BAND_TEXT = '#ffffff';
const BAND_SECOND = '#d5e6e9';
/** The frame's centre line: with its 4-unit stroke, nothing is drawn within EDGE of the sheet's edge. */
const FRAME = EDGE + 2;
/** Text column: 68 units from each side (17 mm at A4, 12 mm at A5). */
const M = 68;
const CW = W - 2 * M;
const QR_BOX = 184;
const GAP = 18;
/** The smallest text: 16 units is 4 mm at A4, 2.8 mm at A5, 5.7 mm at A3. */
const SMALL = 16;

/**
 * The order in which blocks give way when the sign is too full, least important first. Each entry
 * moves that block to its next, more compact variant (see `blockVariants`): the second row of
 * icons goes, the title shrinks, the other responsible parties go, the description becomes its
 * first sentence, the identifiability reason goes, the rights line goes, the title shrinks again,
 * the icons go, the description becomes the purposes, only two contacts stay; last, texts are
 * shortened with an ellipsis (reported to the author). `fitBlocks` then gives back what fits again.
 */
const SIGN_STEPS = [
  'tiles',
  'band',
  'who',
  'does',
  'identify',
  'rights',
  'band',
  'tiles',
  'does',
  'who',
  'does',
  'band',
  'who',
] as const;

export interface SignOptions {
  link: string;
  size: SignSize;
}

export interface RenderedSign {
  svg: string;
  /** What the author should know: no contact on the sign, texts moved behind the QR code or cut. */
  warnings: Finding[];
}

/** Paragraphs of one answer in every locale: the first in `main` style, the others smaller and muted. */
function inLocales(
  texts: readonly SignText[],
  langs: readonly string[],
  main: Omit<Para, 'text' | 'lang'>,
  clamp?: number,
): Para[] {
  const seen = new Set<string>();
  return texts.flatMap((t, i) => {
    if (!t.text || seen.has(t.text)) return [];
    seen.add(t.text);
    const lang = t.lang ?? langs[i]!;
    if (i === 0) return [{ ...main, text: t.text, lang, clamp }];
    return [
      {
        ...main,
        text: t.text,
        lang,
        clamp,
        weight: 'regular',
        fill: MUTED,
        size: Math.max(SMALL, main.size - 4),
      },
    ];
  });
}

/** A paragraph of `runs`, in the first one's language. */
const ofRuns = (runs: readonly Run[], style: Omit<Para, 'text' | 'lang' | 'runs'>): Para => ({
  ...style,
  text: runsText(runs),
  runs,
  lang: runs[0]?.lang ?? 'en',
});

/** One label in every locale of the sign, each in its language. */
const inEach = (as: readonly SignAnswers[], pick: (a: SignAnswers) => string): Run[] =>
  joinRuns(as.map((x) => ({ text: pick(x), lang: x.lang })));

/** The colon after `runs`, a label in one or more locales: the colon of the locale of its last words ("Phone · Điện thoại:"). */
function colonAfter(as: readonly SignAnswers[], runs: readonly Run[]): Run {
  const x = as.find((y) => y.lang === runs.at(-1)?.lang) ?? as[0]!;
  return { text: spaced(x.t.colon, ''), lang: x.lang };
}

/**
 * Another responsible party in every locale: its names (each once), then its role in each locale
 * inside the first locale's brackets (the page's `parens`) ("GateSight Analytics Inc. (Vendor · Proveedor)", "…（供应商）").
 */
function otherParty(as: readonly SignAnswers[], k: number): Run[] {
  const a = as[0]!;
  const of = as.flatMap((x) => (x.others[k] ? [{ o: x.others[k], lang: x.lang }] : []));
  const names = joinRuns(of.map(({ o, lang }) => ({ text: o.name.text, lang: o.name.lang ?? lang })));
  const roles = joinRuns(of.flatMap(({ o, lang }) => (o.role ? [{ text: o.role, lang }] : [])));
  if (!roles.length) return names;
  const [open, close] = a.parens.split('{text}') as [string, string];
  return [...names, { text: open, lang: a.lang }, ...roles, { text: close, lang: a.lang }];
}

/**
 * The reference and the date in every locale, "Ref. · Réf. x · 1 September 2026 · 1er septembre
 * 2026", when that is one line of `width`; else with the ISO day, which reads the same in every
 * locale ("Ref. · Réf. x · 2026-09-01"): a second line in the foot, beside the QR code, would take
 * the room of a block above. Empty when the disclosure has neither.
 */
function stampRuns(as: readonly SignAnswers[], width: number): Run[] {
  const a = as[0]!;
  const ref = a.reference ? [...inEach(as, (x) => x.t.reference), { text: ` ${a.reference}` }] : [];
  const withDates = (dates: Run[]) =>
    ref.length && dates.length ? [...ref, { text: RUN_SEPARATOR }, ...dates] : [...ref, ...dates];
  const long = withDates(joinRuns(as.map((x) => ({ text: x.date, lang: x.lang }))));
  if (as.length === 1 || textWidth(runsText(long), SMALL) <= width) return long;
  return withDates(a.day ? [{ text: a.day }] : []);
}

const question = (as: readonly SignAnswers[], pick: (a: SignAnswers) => string): Para =>
  ofRuns(inEach(as, pick), { size: 17, weight: 'bold', fill: BAND, gap: 4 });

/** One variant of a block: its paragraphs, and the parts of the datachain it leaves out (for the author's warnings). */
interface Variant {
  paras: Para[];
  left: LeftOut[];
}
const variant = (paras: Para[], ...left: LeftOut[]): Variant => ({ paras, left });

/**
 * Every block of the body in each of its variants, fullest first (the order `SIGN_STEPS` walks),
 * each saying what it leaves out: the one place that knows what the chosen layout dropped.
 */
function blockVariants(as: readonly SignAnswers[]) {
  const [a] = as;
  const langs = as.map((x) => x.lang);
  const hasContact = a!.contacts.length > 0;
  const contactLines = (n: number, clamp?: number): Para[] =>
    hasContact
      ? a!.contacts.slice(0, n).map((c, i) => {
          const kinds = joinRuns([
            { text: c.kind, lang: a!.lang },
            ...(as[1]?.contacts[i] ? [{ text: as[1].contacts[i].kind, lang: as[1].lang }] : []),
          ]);
          return {
            ...ofRuns([...kinds, colonAfter(as, kinds), { text: c.address }], { size: 22, weight: 'bold', fill: BAND }),
            clamp,
          };
        })
      : inLocales(
          as.map((x) => ({ text: x.t.noContact })),
          langs,
          { size: 22 },
        );
  const runByParas = (clamp?: number): Para[] =>
    as.flatMap((x, i): Para[] => {
      if (!x.runBy || as.slice(0, i).some((y) => y.runBy?.text === x.runBy!.text && y.t.runBy === x.t.runBy)) return [];
      const label = spaced(x.t.runBy, '');
      const main = i === 0 ? { size: 24, weight: 'bold' as const } : { size: 20, fill: MUTED };
      return [
        ofRuns(
          [
            { text: label, lang: x.lang },
            { text: x.runBy.text, lang: x.runBy.lang ?? x.lang },
          ],
          { ...main, clamp },
        ),
      ];
    });
  const others = a!.others.map((_, k) => ofRuns(otherParty(as, k), { size: 18, fill: MUTED }));
  const noOthers: LeftOut = {
    part: 'others',
    items: a!.others.map((o, k) => ({ text: runsText(otherParty(as, k)), path: o.path })),
    of: a!.others.length,
  };
  const contactsPast = (n: number): LeftOut => ({
    part: 'contacts',
    items: a!.contacts.slice(n).map((c) => ({ text: spaced(c.kind + a!.t.colon, c.address), path: c.path })),
    of: a!.contacts.length,
  });
  const who = [
    variant([question(as, (x) => x.t.contact), ...runByParas(), ...others, ...contactLines(99)]),
    variant([question(as, (x) => x.t.contact), ...runByParas(), ...contactLines(99)], noOthers),
    variant([question(as, (x) => x.t.contact), ...runByParas(), ...contactLines(2)], noOthers, contactsPast(2)),
    variant([question(as, (x) => x.t.contact), ...runByParas(2), ...contactLines(2, 1)], noOthers, contactsPast(2)),
  ];
  // The description cut to its first sentence or the purposes is told apart (`signNotices`).
  const doesOf = (i: 0 | 1 | 2, clamp?: number) =>
    variant([
      question(as, (x) => x.t.does),
      ...inLocales(
        as.map((x) => x.does[i]),
        langs,
        { size: 22 },
        clamp,
      ),
    ]);
  const does = [doesOf(0), doesOf(1), doesOf(2), doesOf(2, 2)];
  const identifyOf = (i: 0 | 1) => [
    question(as, (x) => x.t.identify),
    ...inLocales(
      as.map((x) => ({ text: x.identify[i] })),
      langs,
      { size: 22 },
    ),
  ];
  const reason = a!.identifyWhy.text ? [a!.identifyWhy] : [];
  const identify = [variant(identifyOf(0)), variant(identifyOf(1), { part: 'reason', items: reason, of: 1 })];
  const rightsText = as.map((x) => ({ text: x.rights }));
  const rights = [
    variant(inLocales(rightsText, langs, { size: 18 })),
    variant([], { part: 'rights', items: a!.rightsPlaced, of: 1 }),
  ];
  const titleParas = (size: number, clamp?: number): Para[] => [
    ofRuns(
      inEach(as, (x) => x.kicker),
      { size: 18, weight: 'bold', fill: BAND_TEXT, gap: 12 },
    ),
    { text: a!.title.text, lang: a!.title.lang ?? a!.lang, size, weight: 'bold', fill: BAND_TEXT, clamp, gap: 6 },
    ...(as[1] && as[1].title.text !== a!.title.text
      ? [{ text: as[1].title.text, lang: as[1].title.lang ?? as[1].lang, size: size - 10, fill: BAND_SECOND, clamp }]
      : []),
  ];
  const band = [titleParas(40), titleParas(34), titleParas(28), titleParas(28, 3)].map((p) => variant(p));
  return { band, who, does, identify, rights };
}

/**
 * The sign: one self-contained SVG of one ISO A sheet (`size`, portrait), in one locale or two
 * (`views`, the first leading). Top to bottom: kicker and title in the band; who runs it and how
 * to reach them (or that no contact is given); what it does; whether it can identify you; large
 * icons that carry their answers in words, with a legend for their colours; the rights; the QR code
 * with the printed link, the reference and date, and the DTPR line. What does not fit gives way in
 * the order of `SIGN_STEPS`; the sheet never grows, and nothing is drawn within 34 units (6 mm at
 * A5) of its edge.
 */
export function renderSign(views: readonly DocView[], options: SignOptions, iconOf: IconOf): RenderedSign {
  const as = views.map((v) => signAnswers(v));
  const langs = as.map((x) => x.lang);
  const v = blockVariants(as);
  const rows = tileRows(views, as, CW);

  // The foot: QR code at the left, scan sentence, printed link, stamp and DTPR line at its right.
  const textX = M + QR_BOX + 24;
  const footParas: Para[] = [
    ...inLocales(
      as.map((x) => ({ text: x.t.scan })),
      langs,
      { size: 18, gap: 8 },
    ),
    {
      text: options.link.replace(/^https?:\/\//, '').replace(/\/$/, ''),
      lang: langs[0]!,
      size: 24,
      weight: 'bold',
      fill: BAND,
      gap: 8,
    },
    ofRuns(stampRuns(as, W - M - textX), { size: SMALL, fill: MUTED, gap: 4 }),
    // The programme's name stays in English in every locale's table.
    {
      text: as[0]!.t.footer,
      lang: as[0]!.t.footer === ENGLISH_FOOTER ? 'en' : langs[0]!,
      size: SMALL,
      fill: MUTED,
      gap: 0,
    },
  ];
  const footH = Math.max(QR_BOX, parasHeight(footParas, W - M - textX));
  const footTop = H - M - footH;

  const bandTop = FRAME + 2;
  const bandPad = 20;
  const bodyGapTop = 26;
  // The icons: two rows, one, none; each leaves out the tiles past its rows (past two: whatever the room).
  const tileVariants = [2, 1, 0].map((n) => {
    const left: LeftOut = { part: 'tiles', items: rows.leftOut(n), of: rows.sets.length, always: n === 2 };
    return { n, height: n ? rows.height(n) + GAP : 0, left: [left] };
  });
  const heights = {
    band: v.band.map((p) => bandPad + parasHeight(p.paras, CW) + bandPad - 6 + bodyGapTop),
    who: v.who.map((p) => parasHeight(p.paras, CW) + GAP),
    does: v.does.map((p) => parasHeight(p.paras, CW) + GAP),
    identify: v.identify.map((p) => parasHeight(p.paras, CW) + GAP),
    tiles: tileVariants.map((t) => t.height),
    rights: v.rights.map((p) => (p.paras.length ? parasHeight(p.paras, CW) + GAP : 0)),
  };
  const room = footTop - 24 - bandTop;
  const fit = fitBlocks(
    Object.entries(heights).map(([id, h]) => ({ id, heights: h })),
    SIGN_STEPS,
    room,
  );
  const c = fit.chosen;

  const bandParas = stackParas(v.band[c.band!]!.paras, M, bandTop + bandPad, CW);
  const bandBottom = bandTop + bandPad + bandParas.height - 6 + bandPad;
  let y = bandBottom + bodyGapTop;
  const placed: PlacedPara[] = [...bandParas.placed];
  const put = (paras: readonly Para[]) => {
    const s = stackParas(paras, M, y, CW);
    placed.push(...s.placed);
    y += s.height + GAP;
  };
  put(v.who[c.who!]!.paras);
  put(v.does[c.does!]!.paras);
  put(v.identify[c.identify!]!.paras);
  const tileCount = tileVariants[c.tiles!]!.n;
  // Spare room goes around the icons, so the foot stays at the foot of the sheet.
  const spare = Math.max(0, room - fit.height);
  const tilesAt = y + (tileCount ? spare / 2 : 0);
  let tiles: PlacedTile[] = [];
  let legend: LegendEntry[] = [];
  if (tileCount) {
    const laid = layoutTiles(rows, tileCount, M, tilesAt, CW);
    tiles = laid.tiles;
    legend = laid.legend;
    placed.push(...laid.paras);
    y = tilesAt + laid.height + GAP;
  }
  put(v.rights[c.rights!]!.paras);

  const foot = stackParas(footParas, textX, footTop, W - M - textX);
  placed.push(...foot.placed);
  const qr = qrPath(options.link);
  const sheet = SHEET_MM[options.size];
  const warnings = signNotices(views, as, {
    does: c.does!,
    cut: placed.some((p) => p.cut),
    left: [v.who[c.who!]!, v.identify[c.identify!]!, tileVariants[c.tiles!]!, v.rights[c.rights!]!].flatMap(
      (x) => x.left,
    ),
  });
  const icons = tiles.map((tile) => ({ ...tile, href: strictDataUri(iconOf(tile.icon).light) }));
  const a = as[0]!;

  const root: Child = (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      width={`${sheet.w}mm`}
      height={`${sheet.h}mm`}
      lang={langs[0]}
      role="img"
      aria-labelledby="sign-title sign-desc"
      font-family={fontStack(...langs)}
      data-size={options.size}
    >
      <title id="sign-title">{signText(spaced(a.t.kicker + a.t.colon, a.title.text))}</title>
      <desc id="sign-desc">
        {signText(
          [
            a.does[0].text,
            a.identify[0],
            a.runBy ? `${a.t.runBy} ${a.runBy.text}.` : a.t.noContact,
            ...a.contacts.map((x) => spaced(x.kind + a.t.colon, x.address)),
            ...rows.all.map((tile) => `${spaced(tile.label + a.t.colon, tile.answer)}.`),
            a.rights,
            `${a.t.scan} ${options.link}`,
          ].join(' '),
        )}
      </desc>
      <rect width={W} height={H} fill="#fff" data-sheet="" />
      <rect
        x={FRAME}
        y={FRAME}
        width={W - 2 * FRAME}
        height={H - 2 * FRAME}
        fill="none"
        stroke={BAND}
        stroke-width="4"
      />
      <rect x={bandTop} y={bandTop} width={W - 2 * bandTop} height={bandBottom - bandTop} fill={BAND} />
      {icons.map((x) => (
        <image href={x.href} x={x.x} y={x.y} width={x.size} height={x.size} />
      ))}
      {legend.map((l) => (
        <rect x={l.x} y={l.y} width={l.size} height={l.size} fill={l.color} stroke={INK} stroke-width="1" />
      ))}
      <line x1={M} x2={W - M} y1={footTop - 14} y2={footTop - 14} stroke="#c9ced6" stroke-width="2" />
      <g transform={`translate(${M} ${footTop}) scale(${QR_BOX / (qr.size + 8)})`}>
        <rect width={qr.size + 8} height={qr.size + 8} fill="#fff" />
        <path d={qr.d} transform="translate(4 4)" fill="#000" shape-rendering="crispEdges" />
      </g>
      {placed.map((p) => (
        <text
          x={p.x}
          y={p.y}
          font-size={p.size}
          font-weight={p.weight === 'bold' ? 700 : undefined}
          fill={p.fill ?? INK}
          text-anchor={p.anchor}
          lang={p.lang}
          font-family={p.lang === langs[0] ? undefined : fontStack(p.lang, ...langs)}
          data-slot-width={p.width}
        >
          {p.spans.map((line, i) => (
            <tspan x={p.x} dy={i ? p.lh : 0}>
              {line.map((r) =>
                (r.lang ?? p.lang) === p.lang ? (
                  r.text
                ) : (
                  <tspan lang={r.lang} font-family={fontStack(r.lang, ...langs)}>
                    {r.text}
                  </tspan>
                ),
              )}
            </tspan>
          ))}
        </text>
      ))}
    </svg>
  );
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${String(root)}`, warnings };
}
