import { renderDocument } from './page/document.js';
import { labelsFor } from './shared/labels.js';

const SIGN_PLACEHOLDER_TITLE = 'DTPR sign (awaiting tool call)';

/** The attribute on the placeholder's body by which the MCP Apps view knows it has no render yet. */
export const PLACEHOLDER_MARK = 'data-view-placeholder';

const cached = new Map<string, string>();

/**
 * The page a session reads before its first successful render, which an MCP Apps host may show to
 * the public while the render is on its way: only "Preparing the disclosure…" in `locale` (English
 * for a locale without labels): no kicker (it names the datachain's type, not known yet), no empty
 * sections and no footer. Its body carries PLACEHOLDER_MARK,
 * so the view can put the same words in the locale of the call once it is known.
 */
export function placeholderDocument(locale = 'en'): string {
  const t = labelsFor(locale);
  // One page per locale with labels of its own (any other shares the English one).
  const lang = t === labelsFor('en') ? 'en' : locale;
  let page = cached.get(lang);
  if (!page) {
    page = renderDocument(
      {
        lang,
        datachainType: 'ai',
        title: { text: t.preparing },
        description: { text: '' },
        sections: [],
        flows: [],
        sources: [],
        about: { version: '' },
        fallback: false,
      },
      () => ({ light: '', dark: '' }),
    ).replace('<body>', `<body ${PLACEHOLDER_MARK}>`);
    page = withoutKicker(page);
    cached.set(lang, page);
  }
  return page;
}

/** `page` without its kicker paragraph (the page's own markup: the first `<p class="kicker">` and its close). */
function withoutKicker(page: string): string {
  const start = page.indexOf('<p class="kicker">');
  const end = start < 0 ? -1 : page.indexOf('</p>', start);
  return end < 0 ? page : page.slice(0, start) + page.slice(end + '</p>'.length);
}

/** The sign a session reads before its first sign render: a constant SVG naming the tool call to make. */
export const PLACEHOLDER_SIGN = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 840 240" role="img" aria-label="${SIGN_PLACEHOLDER_TITLE}" font-family="system-ui,sans-serif">
<title>${SIGN_PLACEHOLDER_TITLE}</title>
<rect width="840" height="240" fill="#fff" stroke="#0a4a54" stroke-width="8"/>
<text x="420" y="110" font-size="34" font-weight="700" text-anchor="middle" fill="#14171c">No sign rendered in this session yet</text>
<text x="420" y="160" font-size="24" text-anchor="middle" fill="#4a5160">Call render_datachain with format "sign" and a link.</text>
</svg>`;
