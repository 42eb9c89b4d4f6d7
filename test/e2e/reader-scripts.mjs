// Reader checks of every script: the camera-and-sensor fixture (transit-station-dtpr, on
// dtpr@2026-09-01-beta) as a page and as an A4 sign in each of the release's eleven locales, and
// bilingual A4 signs that pair Chinese, Khmer and Latin scripts. In each: no glyph drawn as a
// missing-glyph box (with the fonts CI installs) and the named font drawn for Chinese and Khmer,
// no text cut (page at 320, 390 and 1280 px; sign: every line inside its slot, the author's texts whole,
// no ellipsis), no line that starts with a mark that must not start one, every sign text with its
// `lang`, the author's English texts marked `lang="en"` on the page, and no axe-core violation.
// A copy of the fixture whose author wrote it in Chinese and Khmer too (transit-station-dtpr-scripts)
// goes through the same checks in those locales and as a Chinese and Khmer sign, so the author's
// own long texts wrap in those scripts.
import assert from 'node:assert/strict';
import { badLineStarts, badSignLineStarts, missingGlyphs, platformFonts } from './reader-glyphs.mjs';
import { axeIn, cutTextIn } from './reader-page.mjs';
import { fixture, open, render, renderWithMeta } from './reader-session.mjs';
import { printable, SHEETS, signFindings } from './reader-sign.mjs';

const LOCALES = ['en', 'fr', 'es', 'pt', 'fil', 'km', 'vi', 'zh-Hans', 'zh-Hant', 'nl', 'de'];
const PAIRS = [
  ['zh-Hans', 'km'],
  ['en', 'zh-Hant'],
  ['km', 'fr'],
  ['vi', 'zh-Hans'],
];
/** The copy written in Chinese and Khmer too: its locales, and its bilingual sign. */
const AUTHORED = { name: 'transit-station-dtpr-scripts', locales: ['zh-Hans', 'km'], pair: ['zh-Hans', 'km'] };
const LINK = 'https://transit.example.org/station-sensors';
/** The font each script's text must be drawn in (the first its stack names), with the fonts CI installs. */
const NAMED = { 'zh-Hans': 'Noto Sans CJK SC', 'zh-Hant': 'Noto Sans CJK TC', km: 'Noto Sans Khmer' };

/** The locales `version` carries, from get_translation_status. */
async function carriedLocales(base, version) {
  const r = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'dtpr-client': 'e2e-scripts' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_translation_status', arguments: { version } },
    }),
  });
  const body = await r.json();
  return body.result.structuredContent.data.locales.map((l) => l.locale);
}

/** `dc` with only the texts in `locales` (a locale the release does not carry yet is refused). */
function onlyLocales(dc, locales) {
  const keep = (node) => {
    if (Array.isArray(node)) {
      const texts = node.every((x) => x && typeof x === 'object' && 'locale' in x && 'value' in x);
      return (texts ? node.filter((x) => locales.includes(x.locale)) : node).map(keep);
    }
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, keep(v)]));
    return node;
  };
  return keep(dc);
}

/** Runs every check through `step(name, fn)`; `axe` is axe-core's source. Prints one line of figures per render. */
export async function scriptChecks(browser, base, step, axe) {
  const plain = fixture('transit-station-dtpr');
  const version = plain.schema_version;
  const figures = [];
  // Every locale the release carries; one of the eleven it does not carry yet is named, not checked.
  const carried = await carriedLocales(base, version);
  const checked = LOCALES.filter((l) => carried.includes(l));
  const notYet = LOCALES.filter((l) => !carried.includes(l));
  if (notYet.length) figures.push(`not carried by ${version} yet, so not checked: ${notYet.join(', ')}`);
  const authored = onlyLocales(fixture(AUTHORED.name), carried);
  const authoredLocales = AUTHORED.locales.filter((l) => carried.includes(l));
  const pairs = [...PAIRS.map((l) => [plain, l]), [authored, AUTHORED.pair]].filter(([, l]) =>
    l.every((x) => carried.includes(x)),
  );
  const pages = [];
  const signs = [];

  await step('every locale: render_datachain answers with the page and the A4 sign', async () => {
    const runs = [...checked.map((locale) => [plain, locale]), ...authoredLocales.map((locale) => [authored, locale])];
    for (const [dc, locale] of runs) {
      pages.push({ dc, locale, html: await render(base, dc, { locale, version }) });
      const { text } = await renderWithMeta(base, dc, { locale, version, format: 'sign', link: LINK, size: 'a4' });
      signs.push({ dc, locales: [locale], svg: text });
    }
    for (const [dc, locales] of pairs) {
      const { text } = await renderWithMeta(base, dc, {
        locale: locales[0],
        locales,
        version,
        format: 'sign',
        link: LINK,
        size: 'a4',
      });
      signs.push({ dc, locales, svg: text });
    }
    for (const { locale, html } of pages) assert.match(html, new RegExp(`<html lang="${locale}"`), locale);
  });

  await step(
    'page in every locale: no missing glyph, the named font drawn, no text cut, no line starting with a closing mark, English author texts marked, axe clean',
    async () => {
      for (const { dc, locale: lang, html } of pages) {
        const own = dc.title.some((t) => t.locale === lang);
        const locale = dc === authored ? `${lang} (the author's own texts)` : lang;
        const { page: p, context } = await open(browser, html, { width: 1280, height: 900, bypassCSP: true });
        const missing = await missingGlyphs(p);
        assert.deepEqual(missing, [], `${locale}: glyphs missing`);
        const fonts = await platformFonts(p, 'h2, dt, .kicker');
        if (NAMED[lang]) assert.ok(fonts.includes(NAMED[lang]), `${locale}: drawn in ${fonts.join(', ')}`);
        const starts = await badLineStarts(p);
        // Text cut at 1280 and 390 px is read in the pages open at those widths, before print.
        const cut = (await cutTextIn(p)).map((c) => `${c} at 1280 px`);
        // The fixture's texts are English and French: on other pages the English shows, marked.
        const title = dc.title.find((t) => t.locale === (own ? lang : 'en')).value;
        const titleLang = await p.evaluate(() => {
          const h1 = document.querySelector('h1');
          return (h1.querySelector('[lang]') ?? h1.closest('[lang]')).getAttribute('lang');
        });
        if (own) assert.equal(titleLang, lang, `${locale}: the title "${title}" is in the page's language`);
        else assert.equal(titleLang, 'en', `${locale}: the English title "${title}" is marked`);
        const violations = await axeIn(p, axe);
        // Printed, no tag is smaller than 8 pt (10.67 px), nor than 9 pt (12 px) in Khmer, whose marks need the room.
        await p.emulateMedia({ media: 'print' });
        const tagPx = await p.evaluate(() =>
          Math.min(
            ...[...document.querySelectorAll('.tag')].map((t) => Number.parseFloat(getComputedStyle(t).fontSize)),
          ),
        );
        assert.ok(tagPx >= (lang === 'km' ? 12 : 10.66), `${locale}: a printed tag at ${tagPx} px`);
        await context.close();
        const { page: narrow, context: c2 } = await open(browser, html, { width: 390, height: 844 });
        starts.push(...(await badLineStarts(narrow)));
        cut.push(...(await cutTextIn(narrow)).map((c) => `${c} at 390 px`));
        // And at 320 px, in the same page with its window narrowed: the layout follows the width alone.
        await narrow.setViewportSize({ width: 320, height: 844 });
        cut.push(...(await cutTextIn(narrow)).map((c) => `${c} at 320 px`));
        await narrow.setViewportSize({ width: 390, height: 844 });
        await c2.close();
        assert.deepEqual(starts, [], `${locale}: lines starting with a closing mark`);
        assert.deepEqual(cut, [], `${locale}: text cut`);
        assert.deepEqual(violations, [], `${locale}: axe`);
        figures.push(`page ${locale}: glyphs ok, fonts ${fonts.join(' + ')}, 0 cut, 0 bad line starts, axe 0`);
      }
    },
  );

  await step(
    'A4 sign in every locale and in pairs of scripts: no missing glyph, every line in its slot, author texts whole, no line starting with a closing mark, lang on every text, axe clean',
    async () => {
      for (const { dc, locales, svg } of signs) {
        const label = `sign ${locales.join('+')}${dc === authored ? " (the author's own texts)" : ''}`;
        const { page: p, context } = await open(browser, svg, { svg: true });
        const missing = await missingGlyphs(p);
        const f = await signFindings(
          p,
          dc,
          locales.map((l) => (dc.title.some((t) => t.locale === l) ? l : 'en')),
        );
        const starts = await badSignLineStarts(p);
        const unmarked = await p.evaluate(() =>
          [...document.querySelectorAll('text')].filter((t) => !t.getAttribute('lang')).map((t) => t.textContent),
        );
        const langs = await p.evaluate(() => [
          ...new Set([...document.querySelectorAll('[lang]')].map((e) => e.getAttribute('lang'))),
        ]);
        const fonts = await platformFonts(p, 'text');
        await context.close();
        assert.deepEqual(missing, [], `${label}: glyphs missing`);
        for (const l of locales) {
          assert.ok(langs.includes(l), `${label}: nothing marked ${l}`);
          if (NAMED[l]) assert.ok(fonts.includes(NAMED[l]), `${label}: drawn in ${fonts.join(', ')}`);
        }
        assert.deepEqual(f.sheet.map(Math.round), SHEETS.a4, `${label}: sheet`);
        assert.deepEqual(f.overflow, [], `${label}: text wider than its slot`);
        assert.deepEqual(f.missing, [], `${label}: text missing or cut`);
        assert.deepEqual(f.near, [], `${label}: marks near the edge`);
        assert.deepEqual(starts, [], `${label}: lines starting with a closing mark`);
        assert.deepEqual(unmarked, [], `${label}: texts without lang`);
        const printed = await open(browser, printable(svg, SHEETS.a4, locales[0]), { width: 794, bypassCSP: true });
        const violations = await axeIn(printed.page, axe, { 'page-has-heading-one': { enabled: false } });
        await printed.context.close();
        assert.deepEqual(violations, [], `${label}: axe`);
        figures.push(
          `${label}: glyphs ok, fonts ${fonts.join(' + ')}, 0 overflow, texts whole, 0 bad line starts, langs ${langs.join(' ')}, axe 0`,
        );
      }
    },
  );
  console.log(figures.map((x) => `  ${x}`).join('\n'));
}
