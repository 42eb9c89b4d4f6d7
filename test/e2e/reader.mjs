// End-to-end: what a reader sees, in headless Chromium. The first screen at 1280x900 and 390x844
// holds the author's answers; the realistic page prints on at most 4 A4 pages with the
// at-a-glance box on one page; every sign (fixture, minimal and long-text datachains, English and
// French) keeps each text inside its slot and complete, its smallest text is at least 3 mm tall at
// 10 cm wide, and its QR code decodes at 10 cm; dark-scheme icon shapes reach 3:1 against their
// card; axe-core finds no violation of any impact in light, dark, print, 390 px and French. The
// transit station fixtures (a data flow from cameras and sensors to gates and screens, on the
// newest ai@ and dtpr@ releases) go through the same page checks (reader-flow.mjs).
// Usage: node test/e2e/reader.mjs http://127.0.0.1:PORT
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { contrast, firstScreenText, fixture, launch, open, render } from './reader-session.mjs';
import { flowPageChecks } from './reader-flow.mjs';
import { signFindings } from './reader-sign.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LINK = 'https://riverton.example.org/ai/traffic-cameras';
const realistic = fixture('realistic-15');
const browser = await launch();
let failed = 0;
async function step(name, fn) {
  try {
    await fn();
    console.log(`PASS ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : e}`);
  }
}
const en = (texts) => texts.find((t) => t.locale === 'en').value;
const variable = (id, v) =>
  en(realistic.elements.find((p) => p.element_id === id).variables.find((x) => x.id === v).value);

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

await step('print: at most 4 A4 pages, the at-a-glance box on one page', async () => {
  const { page: p, context } = await open(browser, page, { width: 680 });
  const pdf = await p.pdf({ format: 'A4', printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  assert.ok(pages >= 1 && pages <= 4, `A4: ${pages} pages`);
  await p.emulateMedia({ media: 'print' });
  // A4 less the page margins (16 + 18 mm) at 96 px per inch.
  const pageHeight = ((297 - 34) * 96) / 25.4;
  const glance = await p.evaluate(() => document.querySelector('section.glance').getBoundingClientRect().height);
  assert.ok(
    glance < pageHeight,
    `the at-a-glance box is ${Math.round(glance)} px, a page holds ${Math.round(pageHeight)}`,
  );
  assert.equal(await p.evaluate(() => getComputedStyle(document.querySelector('section.glance')).breakInside), 'avoid');
  await context.close();
});

const signs = [];
for (const name of ['realistic-15', 'minimal', 'long-text'])
  for (const locale of ['en', 'fr']) signs.push([name, locale, fixture(name)]);

await step(
  'signs: no text leaves its slot or is cut; smallest text at least 3 mm at 10 cm wide; QR decodes at 10 cm',
  async () => {
    for (const [name, locale, dc] of signs) {
      const svg = await render(base, dc, { format: 'sign', link: LINK, locale });
      const { page: p, context } = await open(browser, svg, { svg: true });
      const f = await signFindings(p, dc, locale);
      assert.deepEqual(f.overflow, [], `${name} ${locale}: text wider than its slot`);
      assert.deepEqual(f.missing, [], `${name} ${locale}: text missing or cut`);
      assert.ok(f.smallestMm >= 3, `${name} ${locale}: smallest text ${f.smallestMm.toFixed(2)} mm at 10 cm`);
      await context.close();
      const wrap = `<!doctype html><body style="margin:0"><img alt="" style="width:378px;display:block" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}"></body>`;
      const shot = await open(browser, wrap, { width: 378, scale: 3.125 });
      const { width, height, data } = PNG.sync.read(await shot.page.locator('img').screenshot());
      assert.equal(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data, LINK);
      await shot.context.close();
    }
  },
);

await step('dark scheme: every icon shape reaches 3:1 against its card', async () => {
  const { page: p, context } = await open(browser, page, { colorScheme: 'dark' });
  const found = await p.evaluate(() =>
    [...document.querySelectorAll('article.card')].map((card) => {
      const icon = card.querySelector('.dtpr-icon');
      const svg = decodeURIComponent(
        getComputedStyle(icon).backgroundImage.replace(/^url\("data:image\/svg\+xml;charset=utf-8,|"\)$/g, ''),
      );
      const stroke = /<path d="[^"]*" fill="[^"]*" stroke="([^"]+)"/.exec(svg)?.[1];
      return { id: card.id, stroke, card: getComputedStyle(card).backgroundColor };
    }),
  );
  assert.equal(found.length, 15);
  for (const f of found) assert.ok(f.stroke && contrast(f.stroke, f.card) >= 3, `${f.id}: ${f.stroke} on ${f.card}`);
  await context.close();
});

await step('axe-core: no violation of any impact in light, dark, print, 390 px and French', async () => {
  const fr = await render(base, realistic, { locale: 'fr' });
  for (const [mode, html, opts, media] of [
    ['light', page, {}],
    ['dark', page, { colorScheme: 'dark' }],
    ['print', page, {}, 'print'],
    ['390 px', page, { width: 390, height: 844 }],
    ['French', fr, {}],
    ['French dark', fr, { colorScheme: 'dark' }],
  ]) {
    const { page: p, context } = await open(browser, html, { ...opts, bypassCSP: true });
    if (media) await p.emulateMedia({ media });
    await p.addScriptTag({ content: AXE });
    const r = await p.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
    assert.deepEqual(
      r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, ${v.nodes[0]?.target}`),
      [],
      mode,
    );
    await context.close();
  }
});

await flowPageChecks(browser, base, step, AXE);

await browser.close();
console.log(failed ? `${failed} reader checks failed` : 'all reader checks passed');
process.exitCode = failed ? 1 : 0;
