// End-to-end: the rendered page and sign in a real headless Chromium.
// Renders through a live server's MCP endpoint, reads the outputs back and checks in Chromium: the
// stylesheet applies (computed font stack and colours, no entity inside <style>), no console error,
// no network request, no serious accessibility violation (axe-core) in light, dark and print, the
// sign's QR code decodes to its link at A4 and at 10 cm, and hostile text executes nothing. Writes
// screenshots (1280 px, 390 px, dark, sign) and print PDFs (A4, Letter) to test-results/.
// Usage: node test/e2e/browser.mjs http://127.0.0.1:PORT
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { hostileCopy } from './fixtures/hostile.mjs';
import { launchChromium } from './chromium.mjs';
import { finish, step } from './steps.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const realistic = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
const hostile = JSON.parse(readFileSync(new URL('./fixtures/hostile-strings.json', import.meta.url), 'utf8'));
const outDir = process.env.SCREENSHOT_DIR ?? 'test-results';
const LINK = 'https://riverton.example.org/ai/traffic-cameras';
const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const MUTED = { light: 'rgb(74, 81, 96)', dark: 'rgb(180, 189, 203)' };
mkdirSync(outDir, { recursive: true });

async function rpc(session, method, params) {
  const r = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mcp-session-id': session, 'dtpr-client': `e2e-browser-${session}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await r.json();
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}
/** Renders through tools/call and reads the output back from its session resource. */
async function render(datachain, { locale = 'en', format = 'page', link } = {}) {
  const session = `browser-${crypto.randomUUID()}`;
  const result = await rpc(session, 'tools/call', {
    name: 'render_datachain',
    arguments: { version: 'ai@2026-08-12', datachain, locale, format, ...(link ? { link } : {}) },
  });
  assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent.errors));
  // The page itself, by its handle (the view resource adds the MCP App's script around it).
  const handle = result.content.find((c) => c.type === 'resource_link')?.uri;
  const read = await rpc(session, 'resources/read', { uri: handle ?? result.structuredContent.data.resource_uri });
  return read.contents[0].text;
}
const browser = await launchChromium();

/** Loads a page with network blocked and counted; `svg` serves the body as an SVG document. Returns the page plus what happened. */
async function open(body, { bypassCSP = false, colorScheme = 'light', width = 1280, scale = 1, svg = false } = {}) {
  const context = await browser.newContext({
    bypassCSP,
    colorScheme,
    viewport: { width, height: 900 },
    deviceScaleFactor: scale,
  });
  const page = await context.newPage();
  const seen = { console: [], requests: [], dialogs: 0 };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.console.push(m.text());
  });
  page.on('pageerror', (e) => seen.console.push(String(e)));
  page.on('dialog', async (d) => {
    seen.dialogs++;
    await d.dismiss();
  });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (svg && u === 'http://sign.test/sign.svg') return route.fulfill({ contentType: 'image/svg+xml', body });
    if (!u.startsWith('data:')) seen.requests.push(u);
    return route.abort();
  });
  if (svg) await page.goto('http://sign.test/sign.svg', { waitUntil: 'load' });
  else await page.setContent(body, { waitUntil: 'load' });
  return { page, context, seen };
}

async function axeViolations(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.length} nodes (${v.nodes[0]?.target})`);
}

const page15 = await render(realistic);

await step('page: stylesheet applies (font stack, muted intro colour, no entity inside <style>)', async () => {
  const css = [...page15.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  assert.equal(css.length, 2, 'the page stylesheet and the icon sheet');
  for (const sheet of css) assert.doesNotMatch(sheet, /&(quot|gt|lt|amp|#\d+);/);
  for (const colorScheme of ['light', 'dark']) {
    const { page, context } = await open(page15, { colorScheme });
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    assert.equal(font, FONT_STACK);
    const intro = await page.evaluate(() => getComputedStyle(document.querySelector('section.cat > p.intro')).color);
    assert.equal(intro, MUTED[colorScheme], `${colorScheme} intro colour`);
    // The icon is the background of its class; on dark screens the shape is a light outline (stroke #E8ECF1).
    const icon = await page.evaluate(() => getComputedStyle(document.querySelector('.dtpr-icon')).backgroundImage);
    assert.match(icon, /^url\("data:image\/svg\+xml/, `${colorScheme}: the icon is painted`);
    const drawn = decodeURIComponent(icon);
    assert.equal(drawn.includes('stroke="#E8ECF1"'), colorScheme === 'dark', `${colorScheme}: icon variant`);
    // The browser reads the icon's data: URI (escaped only where it must be) as a 36x36 image.
    const size = await page.evaluate(async () => {
      const css = getComputedStyle(document.querySelector('.dtpr-icon')).backgroundImage;
      const img = new Image();
      img.src = /^url\("(.*)"\)$/.exec(css)[1];
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    assert.deepEqual(size, [36, 36], `${colorScheme}: the icon decodes as an image`);
    await context.close();
  }
});

await step(
  'page: no console errors, no network requests; screenshots at 1280 px, 390 px and dark; PDFs for A4 and Letter',
  async () => {
    const { page, context, seen } = await open(page15);
    assert.equal(await page.locator('article.card').count(), 15);
    assert.equal(
      await page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)),
      true,
      'an icon did not load',
    );
    await page.screenshot({ path: `${outDir}/rendered-datachain.png`, fullPage: true });
    for (const format of ['A4', 'Letter']) {
      const pdf = await page.pdf({
        path: `${outDir}/rendered-datachain-${format.toLowerCase()}.pdf`,
        format,
        printBackground: true,
      });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
      assert.ok(pages >= 2 && pages <= 5, `${format}: ${pages} pages`);
    }
    assert.deepEqual(seen.console, []);
    assert.deepEqual(seen.requests, []);
    await context.close();
    const narrow = await open(page15, { width: 390 });
    assert.equal(
      await narrow.page.evaluate(() => document.documentElement.scrollWidth),
      390,
      'the page scrolls sideways at 390 px',
    );
    await narrow.page.screenshot({ path: `${outDir}/rendered-datachain-390.png`, fullPage: true });
    await narrow.page.screenshot({
      path: `${outDir}/rendered-datachain-390-top.png`,
      clip: { x: 0, y: 0, width: 390, height: 844 },
    });
    await narrow.context.close();
    const dark = await open(page15, { colorScheme: 'dark' });
    await dark.page.screenshot({ path: `${outDir}/rendered-datachain-dark.png`, fullPage: false });
    await dark.context.close();
    console.log(
      `screenshots and PDFs: ${outDir}/rendered-datachain{,-390,-390-top,-dark}.png, rendered-datachain-{a4,letter}.pdf`,
    );
  },
);

await step(
  'accessibility (axe-core): no serious or critical violations in light, dark and print, and on a French page with English fallbacks',
  async () => {
    const englishOnly = JSON.parse(JSON.stringify(realistic), (_k, v) =>
      Array.isArray(v) ? v.filter((x) => !(x && x.locale === 'fr')) : v,
    );
    const fallback = await render(englishOnly, { locale: 'fr' });
    for (const [name, html, colorScheme, media] of [
      ['light', page15, 'light'],
      ['dark', page15, 'dark'],
      ['print', page15, 'light', 'print'],
      ['fr fallback', fallback, 'light'],
    ]) {
      const { page, context } = await open(html, { bypassCSP: true, colorScheme });
      if (media) await page.emulateMedia({ media });
      assert.deepEqual(await axeViolations(page), [], name);
      await context.close();
    }
  },
);

/** Decodes the QR code of a screenshot (PNG bytes) with jsQR. */
function decode(png) {
  const { width, height, data } = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}

await step('sign: one SVG document, nothing fetched, QR decodes to the link at A4 width and at 10 cm', async () => {
  const sign = await render(realistic, { format: 'sign', link: LINK });
  assert.match(sign, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const direct = await open(sign, { svg: true });
  assert.deepEqual(direct.seen.console, []);
  assert.deepEqual(direct.seen.requests, []);
  await direct.context.close();
  // A4 width at 96 px per inch is 794 px; 10 cm is 378 px, printed at 300 dpi (scale 3.125).
  for (const [name, width, scale] of [
    ['A4', 794, 1],
    ['10 cm', 378, 3.125],
  ]) {
    const wrap = `<!doctype html><body style="margin:0"><img alt="" style="width:${width}px;display:block" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(sign)}"></body>`;
    const { page, context, seen } = await open(wrap, { width, scale });
    const png = await page
      .locator('img')
      .screenshot({ path: name === 'A4' ? `${outDir}/rendered-sign.png` : undefined });
    assert.equal(decode(png), LINK, `${name}: QR decodes to the link`);
    assert.deepEqual(seen.requests, []);
    await context.close();
  }
  console.log(`screenshot: ${outDir}/rendered-sign.png`);
});

await step(
  'page and sign as the REST route answers them, its own headers and CSP included: nothing refused',
  async () => {
    const route = `${base}/api/v2/schemas/ai@2026-08-12/render`;
    for (const [format, url] of [
      ['page', route],
      ['sign', `${route}?format=sign&link=${encodeURIComponent(LINK)}`],
    ]) {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'dtpr-client': `e2e-browser-rest-${format}` },
        body: JSON.stringify(realistic),
      });
      assert.equal(r.status, 200, format);
      const headers = {};
      for (const name of ['content-type', 'content-security-policy', 'x-content-type-options'])
        headers[name] = r.headers.get(name);
      assert.ok(headers['content-security-policy'], `${format}: the answer carries its CSP`);
      const body = await r.text();
      const context = await browser.newContext();
      const page = await context.newPage();
      const refused = [];
      page.on('console', (m) => {
        if (m.type() === 'error') refused.push(m.text().slice(0, 160));
      });
      await context.route('**/*', (answer) =>
        answer.request().url() === 'http://render.test/'
          ? answer.fulfill({ status: 200, headers, body })
          : answer.abort(),
      );
      await page.goto('http://render.test/', { waitUntil: 'load' });
      // The page's icons are CSS backgrounds, the sign's SVG <image>s: each a data: URI its CSP allows.
      const icons = await page.evaluate(() => document.querySelectorAll('image, .dtpr-icon').length);
      assert.ok(icons > 0, `${format}: it has icons`);
      assert.deepEqual(refused, [], `${format}: the browser refused nothing under the answer's own CSP`);
      await context.close();
    }
  },
);

await step("an author's long word and long addresses wrap: no sideways scrolling at 320, 360 and 400 px", async () => {
  const word = 'Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt';
  const url = 'https://riverton.example.org/a/very/long/path/that/keeps/going/without/any/break/for/a/phone/screen';
  const dc = structuredClone(realistic);
  dc.title = dc.title.map((t) => ({ ...t, value: `${word} ${word}` }));
  dc.description = dc.description.map((t) => ({ ...t, value: `${t.value} ${url}` }));
  for (const p of dc.elements)
    for (const v of p.variables ?? [])
      if (Array.isArray(v.value) && typeof v.value[0] === 'object')
        v.value = v.value.map((t) => ({ ...t, value: `${t.value} ${url}` }));
  const html = await render(dc);
  for (const width of [320, 360, 400]) {
    const { page, context } = await open(html, { width });
    const wide = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      over: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    }));
    assert.deepEqual(wide.over, [], `${width} px: elements past the edge`);
    assert.ok(wide.scroll <= wide.client, `${width} px: scrolls sideways (${wide.scroll} > ${wide.client})`);
    await context.close();
  }
});

await step(
  'hostile corpus in every free-text field executes nothing, page and sign, even with CSP bypassed',
  async () => {
    const dc = hostileCopy(realistic, hostile);
    const outputs = [
      ['page', await render(dc)],
      ['sign', await render(dc, { format: 'sign', link: LINK })],
    ];
    for (const [format, body] of outputs) {
      for (const bypassCSP of [false, true]) {
        const { page, context, seen } = await open(body, { bypassCSP, svg: format === 'sign' });
        await page.mouse.move(200, 200);
        await page.mouse.move(600, 500);
        await page.waitForTimeout(200);
        assert.equal(seen.dialogs, 0);
        assert.equal(await page.evaluate(() => globalThis.__pwned), undefined, `${format}: a hostile script ran`);
        assert.equal(await page.locator('script, iframe, object, embed, foreignObject').count(), 0, format);
        assert.deepEqual(seen.requests, [], `${format}: a hostile string made a request`);
        const badLinks = await page.evaluate(() =>
          [...document.querySelectorAll('[href]')]
            .map((a) => a.getAttribute('href'))
            .filter((h) => !/^(https?:|mailto:|tel:|#|data:image\/svg\+xml;)/.test(h)),
        );
        assert.deepEqual(badLinks, [], format);
        await context.close();
      }
    }
  },
);

await browser.close();
finish();
