// Reader checks of one rendered page, for any fixture: what the first screen holds, text cut by its
// box, icon contrast in the dark scheme and axe-core's violations.
import { contrast, firstScreenText, open } from './reader-session.mjs';

/** The texts of `wanted` missing from the first screen of `html` at `width`x`height`. */
export async function missingFromFirstScreen(browser, html, width, height, wanted) {
  const { page, context } = await open(browser, html, { width, height });
  const seen = await firstScreenText(page);
  await context.close();
  return wanted.filter((text) => !seen.includes(text));
}

/**
 * Text a reader cannot see whole at `width`: the page scrolling sideways, and every element with
 * text whose box hides what overflows it while its content is wider or taller than the box (text
 * for screen readers only, in `.vh`, aside).
 */
export async function cutText(browser, html, width) {
  const { page, context } = await open(browser, html, { width, height: 900 });
  const found = await page.evaluate(() => {
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
  await context.close();
  return found;
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

/** axe-core's violations of any impact, one line each, for `html` opened with `opts` (and `media`). */
export async function axeViolations(browser, html, axe, opts = {}, media) {
  const { page, context } = await open(browser, html, { ...opts, bypassCSP: true });
  if (media) await page.emulateMedia({ media });
  await page.addScriptTag({ content: axe });
  const r = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
  await context.close();
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes, ${v.nodes[0]?.target}`);
}
