// Reader checks of one rendered page, for any fixture: what the first screen holds, text cut by its
// box, icon contrast in the dark scheme and axe-core's violations.
import assert from 'node:assert/strict';
import { contrast, firstScreenText, open } from './reader-session.mjs';

/**
 * At `width`x`height`: the texts of `wanted` missing from the first screen of `html`, and the text
 * cut at that width (`cutTextIn`), read in one page.
 */
export async function firstScreenAndCut(browser, html, width, height, wanted) {
  const { page, context } = await open(browser, html, { width, height });
  const seen = await firstScreenText(page);
  const cut = await cutTextIn(page);
  await context.close();
  return { missing: wanted.filter((text) => !seen.includes(text)), cut };
}

/**
 * Text a reader cannot see whole in `page`, at the width it is open at: the page scrolling
 * sideways, and every element with text whose box hides what overflows it while its content is
 * wider or taller than the box (text for screen readers only, in `.vh`, aside). The page's layout
 * does not depend on the window's height.
 */
export function cutTextIn(page) {
  return page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth + 1)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${innerWidth} px window`);
    for (const el of document.body.querySelectorAll('*')) {
      // Text for screen readers only (.vh) is hidden on purpose: it is not cut.
      if (!el.textContent.trim() || el.closest('.vh')) continue;
      const s = getComputedStyle(el);
      const hides = (v) => v !== 'visible';
      const cutX = hides(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const cutY = hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (cutX || cutY)
        out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}: "${el.textContent.trim().slice(0, 60)}"`);
    }
    return out;
  });
}

/** Every card whose dark-scheme icon shape falls under 3:1 against the card, and how many cards there are. */
export async function darkIconsUnder3(browser, html) {
  const { page, context } = await open(browser, html, { colorScheme: 'dark' });
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('article.card')].map((card) => {
      const icon = card.querySelector('.dtpr-icon');
      const svg = decodeURIComponent(
        getComputedStyle(icon).backgroundImage.replace(/^url\("data:image\/svg\+xml;charset=utf-8,|"\)$/g, ''),
      );
      const stroke = /<path d="[^"]*" fill="[^"]*" stroke="([^"]+)"/.exec(svg)?.[1];
      return { id: card.id, stroke, card: getComputedStyle(card).backgroundColor };
    }),
  );
  await context.close();
  return {
    cards: found.length,
    under: found.filter((f) => !(f.stroke && contrast(f.stroke, f.card) >= 3)).map((f) => `${f.id}: ${f.stroke}`),
  };
}

/**
 * axe-core's violations of any impact in `page` as it is now, one line each, with `rules` as
 * axe-core's rule options. `axe` (axe-core's source) is injected on the page's first read; the
 * page must have been opened with `bypassCSP`.
 */
export async function axeIn(page, axe, rules = {}) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: axe });
  const r = await page.evaluate((rules) => globalThis.axe.run(document, { resultTypes: ['violations'], rules }), rules);
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, ${v.nodes[0]?.target}`);
}

/**
 * axe-core's violations (`axeIn`) for `html` opened with `opts`, by media type: axe-core reads the
 * one page under each of `media` in turn ('screen' is the page as opened).
 */
export async function axeViolations(browser, html, axe, opts = {}, media = ['screen']) {
  const { page, context } = await open(browser, html, { ...opts, bypassCSP: true });
  const found = {};
  for (const type of media) {
    await page.emulateMedia({ media: type === 'screen' ? null : type });
    found[type] = await axeIn(page, axe);
  }
  await context.close();
  return found;
}

/** The modes `assertAxeClean` reads a page in: the options it is opened with, and each media type's mode name. */
export const AXE_MODES = {
  lightAndPrint: [{}, { screen: 'light', print: 'print' }],
  light: [{}, { screen: 'light' }],
  dark: [{ colorScheme: 'dark' }, { screen: 'dark' }],
  phone: [{ width: 390, height: 844 }, { screen: '390 px' }],
};

/**
 * Asserts no axe-core violation in `html` in each mode: `[opts, { media: mode name }]`, one page
 * per entry (a page read under several media types is opened once).
 */
export async function assertAxeClean(browser, html, axe, modes, label) {
  for (const [opts, named] of modes) {
    const found = await axeViolations(browser, html, axe, opts, Object.keys(named));
    for (const [type, mode] of Object.entries(named)) assert.deepEqual(found[type], [], `${label} ${mode}`);
  }
}
