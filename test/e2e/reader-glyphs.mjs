// In-browser checks of how text is drawn, for any script: glyphs no installed font has (drawn as
// the .notdef box, or as nothing), and lines that start with a mark that must not start a line.
// Both run inside the page (HTML or SVG document) through page.evaluate.

/** Marks that must not start a line: Chinese closing marks and stops, the Khmer khan and signs, Latin closing punctuation. */
export const NO_LINE_START = '^[、。，．：；？！）」』】〕〉》〗〙〛’”…‥・％,.;:!?)\\]}។៕៖]';

/**
 * Every grapheme of the document's rendered text that draws as the .notdef glyph or draws nothing,
 * in the font its element computes: each is drawn alone on a canvas at 40 px and compared with an
 * unassigned code point (U+0378, which no font has: the .notdef box of that font stack) and with
 * nothing at all. Spaces, controls and format characters are passed over.
 */
export function missingGlyphs(page) {
  return page.evaluate(() => {
    const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
    canvas.width = 128;
    canvas.height = 64;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const print = (font, s) => {
      ctx.clearRect(0, 0, 128, 64);
      ctx.font = font;
      ctx.fillText(s, 8, 46);
      const a = ctx.getImageData(0, 0, 128, 64).data;
      let h = 2166136261;
      for (let i = 3; i < a.length; i += 4) h = Math.imul(h ^ a[i], 16777619);
      return h;
    };
    const skip = /^[\p{Z}\p{Cc}\p{Cf}]*$/u;
    const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const refs = new Map();
    const seen = new Set();
    const missing = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement ?? n.parentNode;
      if (!el || ['style', 'script', 'title', 'desc'].includes(el.localName)) continue;
      if (!n.textContent.trim() || !el.getClientRects().length) continue;
      const cs = getComputedStyle(el);
      const font = `${cs.fontStyle} ${cs.fontWeight} 40px ${cs.fontFamily}`;
      if (!refs.has(font)) refs.set(font, [print(font, '\u0378'), print(font, '')]);
      const [notdef, blank] = refs.get(font);
      for (const { segment: g } of graphemes.segment(n.textContent)) {
        if (skip.test(g) || seen.has(font + g)) continue;
        seen.add(font + g);
        const h = print(font, g);
        if (h === notdef || h === blank)
          missing.push(`"${g}" (U+${g.codePointAt(0).toString(16).toUpperCase()}) in ${cs.fontFamily.slice(0, 40)}`);
      }
    }
    return missing;
  });
}

/**
 * Lines of the HTML page that start with a mark that must not start one: each text node's
 * characters are measured one by one (Range.getClientRects); a character lower than the one
 * before it in the same node starts a line.
 */
export function badLineStarts(page) {
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern, 'u');
    const out = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent;
      if (!t.trim() || !n.parentElement.getClientRects().length) continue;
      let last;
      for (let i = 0; i < t.length; i++) {
        if (/\s/.test(t[i]) || /[\udc00-\udfff]/.test(t[i])) continue;
        range.setStart(n, i);
        range.setEnd(n, i + (/[\ud800-\udbff]/.test(t[i]) ? 2 : 1));
        const r = range.getClientRects()[0];
        if (!r) continue;
        if (last && r.top > last.top + last.height / 2 && re.test(t[i]))
          out.push(`"${t.slice(Math.max(0, i - 8), i)}|${t.slice(i, i + 8)}"`);
        last = r;
      }
    }
    return out;
  }, NO_LINE_START);
}

/** Lines of the SVG sign (its <text>'s line <tspan>s) that start with a mark that must not start one. */
export function badSignLineStarts(page) {
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern, 'u');
    return [...document.querySelectorAll('text > tspan')]
      .map((l) => l.textContent)
      .filter((l) => re.test(l))
      .map((l) => `"${l.slice(0, 20)}"`);
  }, NO_LINE_START);
}

/** The platform fonts Chromium drew `selector`'s elements with (their family names), through the DevTools protocol. */
export async function platformFonts(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const families = new Set();
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    for (const f of fonts) families.add(f.familyName);
  }
  await cdp.detach();
  return [...families];
}
