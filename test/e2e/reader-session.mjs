// Shared pieces of the reader checks: render through a live server's MCP endpoint, and open the
// result in headless Chromium with every request blocked.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

/** Renders through tools/call (against `version`, default the datachain's own schema version) and reads the output back from its session resource. */
export async function render(base, datachain, options = {}) {
  return (await renderWithMeta(base, datachain, options)).text;
}

/** As `render`, with the answer's `meta` (its warnings) beside the text. */
export async function renderWithMeta(
  base,
  datachain,
  { locale = 'en', format = 'page', link, size, locales, version = datachain.schema_version ?? 'ai@2026-08-12' } = {},
) {
  const session = `reader-${crypto.randomUUID()}`;
  const rpc = async (method, params, retry = true) => {
    const r = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': session, 'dtpr-client': `e2e-${session}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const text = await r.text();
    // wrangler dev answers in plain text when it restarts the Worker mid-request; that is the dev server, not us.
    if (retry && /restarted mid-request/i.test(text)) return rpc(method, params, false);
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method}: HTTP ${r.status}, not JSON: ${text.slice(0, 300)}`);
    }
    if (body.error) throw new Error(JSON.stringify(body.error));
    return body.result;
  };
  const result = await rpc('tools/call', {
    name: 'render_datachain',
    arguments: {
      version,
      datachain,
      locale,
      format,
      ...(link ? { link } : {}),
      ...(size ? { size } : {}),
      ...(locales ? { locales } : {}),
    },
  });
  assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent.errors));
  // The page itself, by its handle (the view resource adds the MCP App's script around it).
  const handle = result.content.find((c) => c.type === 'resource_link')?.uri;
  const read = await rpc('resources/read', { uri: handle ?? result.structuredContent.data.resource_uri });
  return { text: read.contents[0].text, meta: result.structuredContent.meta };
}

export { launchChromium as launch } from './chromium.mjs';

/**
 * Pages kept between checks, by the options their context was made with. A new page starts a
 * renderer process (about half a second, more than most checks take); a kept one is made blank
 * again by a navigation, which drops its document and every global a check added (axe-core), and
 * its media emulation is reset to its context's.
 */
const kept = new Map();

/**
 * Opens `body` (HTML, or an SVG document with `svg`) at a viewport; nothing is fetched (`bypassCSP`
 * lets a check inject axe-core). `context.close()` gives the page back for the next check.
 */
export async function open(
  browser,
  body,
  { width = 1280, height = 900, colorScheme = 'light', svg = false, scale = 1, bypassCSP = false } = {},
) {
  const key = JSON.stringify([width, height, colorScheme, scale, bypassCSP]);
  let slot = kept.get(key)?.pop();
  if (!slot) {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme,
      deviceScaleFactor: scale,
      bypassCSP,
    });
    const made = { page: await context.newPage(), svg: undefined };
    await context.route('**/*', (route) =>
      made.svg !== undefined && route.request().url() === 'http://sign.test/sign.svg'
        ? route.fulfill({ contentType: 'image/svg+xml', body: made.svg })
        : route.abort(),
    );
    slot = made;
  }
  const { page } = slot;
  slot.svg = svg ? body : undefined;
  if (svg) await page.goto('http://sign.test/sign.svg', { waitUntil: 'load' });
  else await page.setContent(body, { waitUntil: 'load' });
  const close = async () => {
    await page.goto('about:blank');
    await page.emulateMedia({ media: null, colorScheme });
    if (!kept.has(key)) kept.set(key, []);
    kept.get(key).push(slot);
  };
  return { page, context: { close } };
}

/** The text a reader sees without scrolling: every visible text node whose box meets the viewport. */
export function firstScreenText(page) {
  return page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const style = getComputedStyle(n.parentElement);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0 && r.left < innerWidth)
        out.push(n.textContent);
    }
    return out.join(' ').replace(/\s+/g, ' ');
  });
}

/** WCAG contrast ratio of two `#rrggbb` or `rgb(r, g, b)` colours. */
export function contrast(a, b) {
  const rgb = (c) =>
    c.startsWith('#')
      ? [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16))
      : c.match(/\d+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, bl] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
