// What the sign shows and how it prints, measured in Chromium on the SVG document itself.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Sheet sizes in millimetres, as the render's `size` names them. */
export const SHEETS = { a4: [210, 297], a3: [297, 420], a5: [148, 210] };
/** Nothing may be drawn this close to the edge of the sheet (an office printer's unprinted border). */
export const EDGE_MM = 5;
/** The smallest text at A4, in millimetres of font size; A3 and A5 scale it with the sheet. */
export const SIGN_SMALLEST_A4_MM = 3;
const PX_PER_MM = 96 / 25.4;

/** The first sentence of a text, as the sign takes it when the whole does not fit. */
const firstSentence = (text) => /^(.+?[.!?])\s+\S/su.exec(text.trim())?.[1] ?? text.trim();

/**
 * The author texts a sign must carry whole, in each of its locales: the title, the first
 * responsible party's name and the printed contacts' addresses; and the description whole or,
 * when it is moved behind the QR code, its first sentence.
 */
function expectedTexts(dc, locale) {
  const pick = (texts) => (texts.find((t) => t.locale === locale) ?? texts.find((t) => t.locale === 'en')).value;
  const who = dc.elements.find((p) => p.element_id === 'institution' || p.element_id === 'organization');
  const name = who?.variables?.find((v) => v.id === 'title');
  return {
    whole: [
      pick(dc.title),
      ...(name ? [pick(name.value)] : []),
      ...(who?.actions ?? []).filter((a) => ['email', 'phone', 'postal'].includes(a.type)).map((a) => a.target),
    ],
    description: [pick(dc.description), firstSentence(pick(dc.description))],
  };
}

/** Compares texts as a reader would: any wrapping and either apostrophe. */
const squash = (s) => s.replace(/\s+/g, '').replace(/'/g, '\u2019');

/**
 * Findings on a sign opened as an SVG document: lines wider than their slot, author texts missing
 * or cut, the smallest font size in millimetres on the sheet, the sheet's size in millimetres,
 * every drawn mark closer than EDGE_MM to the edge, and `qr`: the QR code's box with its quiet zone
 * (x, y, width, height in CSS pixels of the sheet at its own size), or undefined when there is none. `descriptionMayMove`: the render warned that the
 * description is behind the QR code.
 */
export async function signFindings(page, dc, locales, { descriptionMayMove = false } = {}) {
  const measured = await page.evaluate((pxPerMm) => {
    const svg = document.documentElement;
    const mmPerUnit = svg.width.baseVal.value / pxPerMm / svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text')];
    const overflow = [];
    for (const t of texts) {
      const slot = Number(t.getAttribute('data-slot-width'));
      if (!slot) {
        overflow.push(`a text without a slot: ${t.textContent}`);
        continue;
      }
      for (const line of t.querySelectorAll('tspan'))
        if (line.getComputedTextLength() > slot + 0.5)
          overflow.push(`"${line.textContent}" is ${line.getComputedTextLength().toFixed(1)} wide, its slot ${slot}`);
    }
    const sheet = [svg.width.baseVal.value / pxPerMm, svg.height.baseVal.value / pxPerMm];
    const near = [];
    let nearest = Number.POSITIVE_INFINITY;
    for (const el of svg.querySelectorAll('text, image, rect, path, line')) {
      if (el.hasAttribute('data-sheet')) continue;
      const r = el.getBoundingClientRect();
      const stroke = el.getAttribute('stroke') ? (Number(el.getAttribute('stroke-width') ?? 1) / 2) * mmPerUnit : 0;
      const box = [r.left, r.top, r.right, r.bottom].map((v) => v / pxPerMm);
      const gap = Math.min(box[0] - stroke, box[1] - stroke, sheet[0] - box[2] - stroke, sheet[1] - box[3] - stroke);
      nearest = Math.min(nearest, gap);
      if (gap < 5)
        near.push(`<${el.tagName}> ${(el.textContent || '').slice(0, 30)} is ${gap.toFixed(2)} mm from the edge`);
    }
    const sizes = texts.map((t) => Number(t.getAttribute('font-size')));
    // The code's modules are the one crisp-edged path; its group holds the white quiet zone too.
    const code = svg.querySelector('path[shape-rendering="crispEdges"]')?.parentElement?.getBoundingClientRect();
    return {
      qr: code && { x: code.left, y: code.top, width: code.width, height: code.height },
      overflow,
      near,
      nearest,
      sheet,
      all: texts.map((t) => [...t.querySelectorAll('tspan')].map((l) => l.textContent).join(' ')).join(' '),
      smallestMm: Math.min(...sizes) * mmPerUnit,
    };
  }, PX_PER_MM);
  const shown = squash(measured.all);
  const missing = [];
  for (const locale of locales) {
    const want = expectedTexts(dc, locale);
    missing.push(...want.whole.filter((t) => !shown.includes(squash(t))));
    if (!descriptionMayMove && !want.description.some((t) => shown.includes(squash(t))))
      missing.push(`the description (${locale})`);
  }
  if (measured.all.includes('\u2026')) missing.push('an ellipsis: some text was cut');
  return { ...measured, missing, shown: measured.all };
}

/** The sign inline in an HTML page whose @page is the sheet with no margin, as a city would print it. */
export const printable = (svg, [w, h], lang) =>
  `<!doctype html><html lang="${lang}"><head><title>sign</title><style>@page{size:${w}mm ${h}mm;margin:0}html,body{margin:0}svg{display:block}</style></head><body><main>${svg.replace(/^<\?xml[^>]*>\s*/, '')}</main></body></html>`;

/** Pages of a PDF and the size of each in millimetres (from its MediaBox). */
export function pdfPages(pdf) {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    ((Number(m[3]) - Number(m[1])) * 25.4) / 72,
    ((Number(m[4]) - Number(m[2])) * 25.4) / 72,
  ]);
  return { pages, boxes };
}

/** Decodes a QR code from a PNG screenshot. */
export function decodeQr(png) {
  const { width, height, data } = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}
