// Reader checks of the transit station (cameras, presence sensors, gates and screens in a data
// flow), on ai@2026-08-24-beta and on dtpr@2026-09-01-beta, in English and French: the first screen
// holds who runs it and what captures data and no text is cut (at 1280x900 and 390x844), it prints on at most
// 4 A4 pages with the glance starting on page 1 and no heading ending a page, dark-scheme icons reach 3:1, and axe-core finds
// no violation in light, dark, print and 390 px.
import assert from 'node:assert/strict';
import { AXE_MODES, assertAxeClean, darkIconsUnder3, firstScreenAndCut } from './reader-page.mjs';
import { printLayout } from './reader-print.mjs';
import { fixture, render } from './reader-session.mjs';

const FIXTURES = ['transit-station', 'transit-station-dtpr'];
const LOCALES = ['en', 'fr'];

const said = (dc, element, variable, locale) =>
  dc.elements
    .find((p) => p.element_id === element)
    .variables.find((v) => v.id === variable)
    .value.find((t) => t.locale === locale).value;

/** Runs every check through `step(name, fn)`; `axe` is axe-core's source. */
export async function flowPageChecks(browser, base, step, axe) {
  const pages = [];
  for (const name of FIXTURES) {
    const dc = fixture(name);
    for (const locale of LOCALES)
      pages.push({
        label: `${name} ${locale}`,
        dc,
        locale,
        html: await render(base, dc, { locale, version: dc.schema_version }),
      });
  }

  await step(
    'transit station at 1280x900 and 390x844: the first screen holds who runs it and what captures data, no text is cut',
    async () => {
      for (const { label, dc, locale, html } of pages) {
        const runBy = said(dc, 'institution', 'title', locale);
        const wide = [
          runBy,
          said(dc, 'camera', 'additional_description', locale),
          said(dc, 'presence_motion_sensor', 'additional_description', locale),
        ];
        const narrow = [runBy, dc.description.find((t) => t.locale === locale).value];
        for (const [width, height, wanted] of [
          [1280, 900, wide],
          [390, 844, narrow],
        ]) {
          const { missing, cut } = await firstScreenAndCut(browser, html, width, height, wanted);
          assert.deepEqual(missing, [], `${label} at ${width}x${height}: not on the first screen`);
          assert.deepEqual(cut, [], `${label} at ${width} px: text cut`);
        }
      }
    },
  );

  await step(
    'transit station print: at most 4 A4 pages, the glance starts on page 1, no heading ends a page',
    async () => {
      for (const { label, html } of pages) {
        const p = await printLayout(browser, html);
        assert.ok(p.pages >= 1 && p.pages <= 4, `${label}: ${p.pages} A4 pages`);
        assert.equal(p.glanceStarts, 1, `${label}: the glance starts on page ${p.glanceStarts}`);
        assert.deepEqual(p.stranded, [], `${label}: headings ending a page`);
      }
    },
  );

  await step('transit station dark scheme: every icon shape reaches 3:1 against its card', async () => {
    for (const { label, dc, html } of pages.filter((p) => p.locale === 'en')) {
      const dark = await darkIconsUnder3(browser, html);
      assert.equal(dark.cards, dc.elements.length, label);
      assert.deepEqual(dark.under, [], label);
    }
  });

  await step('transit station axe-core: no violation of any impact in light, dark, print and 390 px', async () => {
    for (const { label, html } of pages)
      await assertAxeClean(browser, html, axe, [AXE_MODES.lightAndPrint, AXE_MODES.dark, AXE_MODES.phone], label);
  });
}
