// Reader checks of the two real published datachains (ai@2026-05-06-beta, long author texts, one
// risk written "Risk: ... Mitigation: ..." into its single text), in English and French (their
// texts are English only: the French page says so): the at-a-glance block within one screen at
// 1280x900 and two at 390x844, printed on A4 with the title and the glance's first row on page 1
// and no heading ending a page, and axe-core with no violation in light, print and 390 px.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { AXE_MODES, assertAxeClean } from './reader-page.mjs';
import { glanceScreens, printLayout } from './reader-print.mjs';
import { render } from './reader-session.mjs';

const REAL = ['cbsa-tci', 'nyc-myschools-match'];
const LOCALES = ['en', 'fr'];
/** The glance's height, in screens of each size, at most. */
const SCREENS = [
  [1280, 900, 1],
  [390, 844, 2],
];

const real = (name) =>
  JSON.parse(readFileSync(new URL(`../fixtures/datachains/real/${name}.json`, import.meta.url), 'utf8'));

/** Runs every check through `step(name, fn)`; `axe` is axe-core's source. Prints the figures. */
export async function realPageChecks(browser, base, step, axe) {
  const pages = [];
  for (const name of REAL)
    for (const locale of LOCALES)
      pages.push({ label: `${name} ${locale}`, locale, html: await render(base, real(name), { locale }) });
  const figures = [];

  await step('real datachains: the glance fits one screen at 1280x900 and two at 390x844', async () => {
    for (const { label, html } of pages) {
      const line = [];
      for (const [width, height, most] of SCREENS) {
        const g = await glanceScreens(browser, html, width, height);
        line.push(
          `${width}x${height} ${g.screens.toFixed(2)} screens (${g.px} px, ends ${g.endsAt.toFixed(2)} from the top)`,
        );
        assert.ok(g.screens <= most, `${label} at ${width}x${height}: the glance is ${g.screens.toFixed(2)} screens`);
      }
      figures.push(`${label}: ${line.join(', ')}`);
    }
  });

  await step('real datachains in French: the page says which texts are in English', async () => {
    for (const { label, locale, html } of pages.filter((p) => p.locale === 'fr'))
      assert.match(html, /<p class="note" role="note">Certaines parties/, `${label} (${locale})`);
  });

  await step(
    'real datachains print: page 1 holds the title and the start of the glance, no heading ends a page',
    async () => {
      for (const { label, html } of pages)
        for (const format of ['A4', 'Letter']) {
          const p = await printLayout(browser, html, { format });
          figures.push(
            `${label} ${format}: ${p.pages} pages, glance rows on page 1: ${p.rowsOnPage1}/${p.rows}, glance ends on page ${p.glanceEnds}`,
          );
          assert.equal(p.titlePage, 1, `${label} ${format}: the title`);
          assert.equal(p.glanceStarts, 1, `${label} ${format}: the glance starts on page ${p.glanceStarts}`);
          assert.deepEqual(p.stranded, [], `${label} ${format}: headings ending a page`);
        }
    },
  );

  await step('real datachains axe-core: no violation of any impact in light, print and 390 px', async () => {
    for (const { label, html } of pages)
      await assertAxeClean(browser, html, axe, [AXE_MODES.lightAndPrint, AXE_MODES.phone], label);
    console.log(figures.map((f) => `  ${f}`).join('\n'));
  });
}
