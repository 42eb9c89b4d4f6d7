// End-to-end: what a reader sees, in headless Chromium. The first screen at 1280x900 and 390x844
// holds the author's answers; the realistic page prints on at most 4 A4 pages with the title and
// the whole glance on page 1 and no heading ending a page (in English and French); the sign of the realistic fixture and of a datachain shaped like the
// real published ones (long texts, no contact), in English, French and both, at A4, A5 and A3,
// prints as exactly one sheet of that size with nothing within 5 mm of the edge, every text inside
// its slot and complete, the smallest text at least 3 mm at A4 (scaled with the sheet), a QR code
// that decodes and no axe violation (minimal and long-text signs at A4 too); dark-scheme icon
// shapes reach 3:1 against their card; axe-core finds no violation of any impact in light, dark,
// print, 390 px and French. The transit station fixtures (a data flow from cameras and sensors to
// gates and screens, on the newest ai@ and dtpr@ releases) go through the same page checks
// (reader-flow.mjs); so do the two real published datachains, whose glance must fit one screen at
// 1280x900 and two at 390x844 (reader-real.mjs). The camera-and-sensor fixture renders as a page and an A4 sign in each of the
// eleven locales of dtpr@2026-09-01-beta, and as bilingual signs across scripts, with no missing
// glyph, no cut text, no line starting with a closing mark and no axe violation (reader-scripts.mjs).
// Usage: node test/e2e/reader.mjs http://127.0.0.1:PORT
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { firstScreenText, fixture, launch, open, render, renderWithMeta } from './reader-session.mjs';
import { flowPageChecks } from './reader-flow.mjs';
import { AXE_MODES, assertAxeClean, axeIn, axeViolations, cutTextIn, darkIconsUnder3 } from './reader-page.mjs';
import { printLayout } from './reader-print.mjs';
import { realPageChecks } from './reader-real.mjs';
import { scriptChecks } from './reader-scripts.mjs';
import {
  decodeQr,
  EDGE_MM,
  pdfPages,
  printable,
  SHEETS,
  SIGN_SMALLEST_A4_MM as SMALLEST_A4_MM,
  signFindings,
} from './reader-sign.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LINK = 'https://riverton.example.org/ai/traffic-cameras';
/** How much of the sheet around the QR code its check reads with it. */
const QR_MARGIN_MM = 15;
const realistic = fixture('realistic-15');
const browser = await launch();
let failed = 0;
/** Runs one check; its line says how long it took (to show where the time goes; nothing depends on it). */
async function step(name, fn) {
  const started = performance.now();
  const took = () => `[${((performance.now() - started) / 1000).toFixed(0)} s]`;
  try {
    await fn();
    console.log(`PASS ${name} ${took()}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name} ${took()}: ${e instanceof Error ? e.message : e}`);
  }
}
const en = (texts) => texts.find((t) => t.locale === 'en').value;
const variable = (id, v) =>
  en(realistic.elements.find((p) => p.element_id === id).variables.find((x) => x.id === v).value);

/** The realistic fixture's page and print, the signs of every sign fixture, dark icons and axe. */
async function ownChecks() {
  const page = await render(base, realistic);

  await step("first screen at 1280x900 and 390x844 holds the author's answers", async () => {
    const wide = [
      variable('institution', 'title'),
      variable('input_about_a_place', 'additional_description'),
      variable('data_retained', 'duration'),
      'privacy@riverton.example.org',
    ];
    for (const [width, height, wanted] of [
      [1280, 900, wide],
      [390, 844, [variable('institution', 'title'), en(realistic.description)]],
    ]) {
      const { page: p, context } = await open(browser, page, { width, height });
      const seen = await firstScreenText(p);
      for (const text of wanted)
        assert.ok(seen.includes(text), `${width}x${height}: "${text}" is not on the first screen`);
      await context.close();
    }
  });

  await step(
    'print: at most 4 A4 pages, the whole glance on page 1 under the title, no heading ends a page',
    async () => {
      for (const [label, html] of [
        ['en', page],
        ['fr', await render(base, realistic, { locale: 'fr' })],
      ]) {
        const p = await printLayout(browser, html);
        assert.ok(p.pages >= 1 && p.pages <= 4, `${label} A4: ${p.pages} pages`);
        assert.equal(p.titlePage, 1, label);
        assert.equal(p.rowsOnPage1, p.rows, `${label}: ${p.rowsOnPage1} of ${p.rows} glance rows on page 1`);
        assert.deepEqual(p.stranded, [], `${label}: headings ending a page`);
      }
    },
  );

  const signs = [];
  for (const name of ['realistic-15', 'real-shaped-no-contact'])
    for (const locales of [['en'], ['fr'], ['en', 'fr']])
      for (const size of ['a4', 'a5', 'a3']) signs.push([name, locales, size]);
  for (const name of ['minimal', 'long-text'])
    for (const locales of [['en'], ['fr']]) signs.push([name, locales, 'a4']);
  // Cameras, sensors and gates on the newest releases (what captures data and how results reach
  // people), and the two real published datachains: every size, in English and French.
  for (const name of [
    'transit-station',
    'transit-station-dtpr',
    '../../fixtures/datachains/real/nyc-myschools-match',
    '../../fixtures/datachains/real/cbsa-tci',
  ])
    for (const locales of [['en'], ['fr']]) for (const size of ['a4', 'a5', 'a3']) signs.push([name, locales, size]);
  const figures = [];

  await step(
    'signs at A4, A5 and A3, in English, French and both: one sheet of that size, nothing within 5 mm of the edge, no text cut or out of its slot, smallest text at least 3 mm at A4 (scaled), QR decodes, axe clean',
    async () => {
      // A sign at A5 or A3 is its A4 drawing on another sheet: the same SVG but for the root's
      // width, height and data-size. That is checked here; axe-core then reads each drawing once
      // (it sees the same elements, texts and computed styles at every size), and every other
      // check runs at every size.
      const drawings = new Map();
      const drawing = (svg) =>
        svg.replace(/<svg\b[^>]*>/, (root) => root.replace(/ (?:width|height|data-size)="[^"]*"/g, ''));
      for (const [name, locales, size] of signs) {
        const dc = fixture(name);
        const group = `${name} ${locales.join('+')}`;
        const label = `${group} ${size}`;
        const args = {
          format: 'sign',
          link: LINK,
          locale: locales[0],
          size,
          ...(locales.length > 1 ? { locales } : {}),
        };
        const { text: svg, meta } = await renderWithMeta(base, dc, args);
        const seen = drawings.get(group);
        if (seen === undefined) drawings.set(group, drawing(svg));
        else assert.equal(drawing(svg), seen, `${label}: not the same drawing as the group's first sheet`);
        const sheet = SHEETS[size];
        // The SVG document in a window of its sheet's size at 150 dpi, where the QR code is read below.
        const px = sheet.map((mm) => mm * (96 / 25.4));
        const { page: p, context } = await open(browser, svg, {
          svg: true,
          width: Math.ceil(px[0]),
          height: Math.ceil(px[1]),
          scale: 150 / 96,
        });
        // The long-text fixture's one-sentence description is four lines: its sign may print the purposes instead, and says so to the author.
        const moved = name === 'long-text' && meta.warnings?.some((w) => w.includes('prints the purposes'));
        const f = await signFindings(p, dc, locales, { descriptionMayMove: moved });
        assert.deepEqual(
          f.sheet.map(Math.round),
          sheet,
          `${label}: the sign is ${f.sheet.map((x) => x.toFixed(1))} mm`,
        );
        assert.deepEqual(f.overflow, [], `${label}: text wider than its slot`);
        assert.deepEqual(f.missing, [], `${label}: text missing or cut`);
        assert.deepEqual(f.near, [], `${label}: marks within ${EDGE_MM} mm of the edge`);
        const floor = (SMALLEST_A4_MM * sheet[0]) / 210;
        assert.ok(
          f.smallestMm >= floor - 1e-9,
          `${label}: smallest text ${f.smallestMm.toFixed(2)} mm, at least ${floor.toFixed(2)}`,
        );
        const noContact = !dc.elements.some((e) =>
          (e.actions ?? []).some((a) => ['email', 'phone', 'postal'].includes(a.type)),
        );
        if (noContact) {
          assert.ok(
            f.shown.includes(
              locales[0] === 'fr'
                ? 'Aucun contact n\u2019est indiqué pour ce système.'
                : 'No contact is given for this system.',
            ),
            `${label}: no "no contact" line`,
          );
          assert.ok(
            meta.warnings?.some((w) => w.startsWith('sign_incomplete')),
            `${label}: no sign_incomplete warning`,
          );
        }
        assert.ok(!/\s[?:!;]/.test(f.shown.replace(/\u202f[?:!;]/g, '')), `${label}: a breakable space before ? : ! ;`);
        // Printed on its sheet, without margins: exactly one page of that size.
        const html = printable(svg, sheet, locales[0]);
        const printed = await open(browser, html, { width: Math.round(sheet[0] * (96 / 25.4)), bypassCSP: true });
        const pdf = pdfPages(await printed.page.pdf({ preferCSSPageSize: true, printBackground: true }));
        assert.equal(pdf.pages, 1, `${label}: printed on ${pdf.pages} pages`);
        for (const box of pdf.boxes)
          assert.ok(
            Math.abs(box[0] - sheet[0]) < 1 && Math.abs(box[1] - sheet[1]) < 1,
            `${label}: page of ${box.map((x) => x.toFixed(1))} mm`,
          );
        // Each drawing's first sheet (A4 where it is printed at A4) is read by axe-core.
        if (seen === undefined) {
          // The HTML around the sign is this check's own, so it is not asked for a heading.
          const axe = await axeIn(printed.page, AXE, { 'page-has-heading-one': { enabled: false } });
          assert.deepEqual(axe, [], `${label}: axe`);
        }
        await printed.context.close();
        // The QR code at 150 dpi: the code's part of the sheet, with QR_MARGIN_MM of the sheet around
        // it (whatever is drawn there), drawn and read back. The whole sheet took two seconds a sign
        // to capture and decode, a third of this check.
        assert.ok(f.qr, `${label}: no QR code on the sign`);
        const m = QR_MARGIN_MM * (96 / 25.4);
        const x = Math.max(0, f.qr.x - m);
        const y = Math.max(0, f.qr.y - m);
        const clip = {
          x,
          y,
          width: Math.min(px[0], f.qr.x + f.qr.width + m) - x,
          height: Math.min(px[1], f.qr.y + f.qr.height + m) - y,
        };
        const qr = decodeQr(await p.screenshot({ clip }));
        await context.close();
        assert.equal(qr, LINK, `${label}: the QR code does not decode to the link`);
        figures.push(
          `${label}: ${f.sheet.map((x) => x.toFixed(0)).join('x')} mm, 1 page, nearest mark ${f.nearest.toFixed(1)} mm, smallest text ${f.smallestMm.toFixed(2)} mm, QR ok`,
        );
      }
      console.log(figures.map((x) => `  ${x}`).join('\n'));
    },
  );

  await step('dark scheme: every icon shape reaches 3:1 against its card', async () => {
    const dark = await darkIconsUnder3(browser, page);
    assert.equal(dark.cards, 15);
    assert.deepEqual(dark.under, []);
  });

  await step('axe-core: no violation of any impact in light, dark, print, 390 px and French', async () => {
    const fr = await render(base, realistic, { locale: 'fr' });
    await assertAxeClean(browser, page, AXE, [AXE_MODES.lightAndPrint, AXE_MODES.dark, AXE_MODES.phone], 'English');
    await assertAxeClean(browser, fr, AXE, [AXE_MODES.light, AXE_MODES.dark], 'French');
  });
}

// Pages are kept between checks (reader-session.mjs): a kept page must come back as if new, or a
// check could pass on what an earlier one left.
await step('a page kept between checks comes back blank: new content, no injected script, media reset', async () => {
  const first = await open(browser, '<p id="x">first</p>', { bypassCSP: true });
  await first.page.addScriptTag({ content: 'window.leftOver = 1' });
  await first.page.emulateMedia({ media: 'print' });
  await first.context.close();
  const again = await open(browser, '<p id="x">second</p>', { bypassCSP: true });
  assert.equal(again.page, first.page, 'the page was not kept');
  assert.equal(await again.page.textContent('#x'), 'second');
  assert.equal(await again.page.evaluate(() => typeof window.leftOver), 'undefined');
  assert.equal(await again.page.evaluate(() => matchMedia('print').matches), false);
  const other = await open(browser, '<svg xmlns="http://www.w3.org/2000/svg"><text>s</text></svg>', {
    svg: true,
    bypassCSP: true,
  });
  assert.notEqual(other.page, again.page, 'a page in use was handed out again');
  await other.context.close();
  await again.context.close();
  const dark = await open(browser, '<p>d</p>', { colorScheme: 'dark' });
  await dark.context.close();
  const darkAgain = await open(browser, '<p>d</p>', { colorScheme: 'dark' });
  assert.equal(await darkAgain.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), true);
  await darkAgain.context.close();
});

// Pages are read at several sizes and media in one load (reader-page.mjs): a second read must see
// what changed, or a check could pass on the first read's answer.
await step('one page read twice: axe-core after a change to print, cut text after a narrower window', async () => {
  const html =
    '<!doctype html><html lang="en"><head><title>t</title><style>@media print{p{color:#bbb;background:#fff}}</style></head>' +
    '<body><main><h1>t</h1><p>grey on white in print</p><div style="max-width:100%;overflow:hidden">' +
    '<span style="display:inline-block;width:340px">wide</span></div></main></body></html>';
  const found = await axeViolations(browser, html, AXE, {}, ['screen', 'print']);
  assert.deepEqual(found.screen, []);
  assert.match(found.print.join(' '), /^color-contrast/);
  const { page: p, context } = await open(browser, html, { width: 390, height: 844 });
  assert.deepEqual(await cutTextIn(p), []);
  await p.setViewportSize({ width: 320, height: 844 });
  assert.deepEqual(await cutTextIn(p), ['div: "wide"']);
  await p.setViewportSize({ width: 390, height: 844 });
  await context.close();
});

/**
 * Two lanes of checks at once over one browser: this file's own (the realistic fixture's page, its
 * signs and the other sign fixtures) and the data-flow, real and every-script pages, about as long
 * each. One lane alone leaves a core idle while it waits on the server or on a page's load. A lane
 * that throws outside a step is a failure, reported once both have ended.
 */
const lanes = await Promise.allSettled([
  ownChecks(),
  (async () => {
    await flowPageChecks(browser, base, step, AXE);
    await realPageChecks(browser, base, step, AXE);
    await scriptChecks(browser, base, step, AXE);
  })(),
]);
for (const lane of lanes)
  if (lane.status === 'rejected') {
    failed++;
    console.log(`FAIL a lane of checks stopped: ${lane.reason instanceof Error ? lane.reason.message : lane.reason}`);
  }

await browser.close();
console.log(failed ? `${failed} reader checks failed` : 'all reader checks passed');
process.exitCode = failed ? 1 : 0;
