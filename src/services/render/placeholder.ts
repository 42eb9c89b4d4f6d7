import { renderDocument } from './page/document.js';

const PLACEHOLDER_TITLE = 'About this AI system';
const SIGN_PLACEHOLDER_TITLE = 'DTPR sign (awaiting tool call)';

let cached: string | undefined;

/**
 * The page a session reads before its first successful render, which an MCP Apps host may show to
 * the public while the render is on its way: it says only that the description is coming.
 */
export function placeholderDocument(): string {
  cached ??= renderDocument(
    {
      lang: 'en',
      datachainType: 'ai',
      title: { text: PLACEHOLDER_TITLE },
      description: {
        text: 'The description of this AI system will appear here in a moment.',
      },
      sections: [],
      flows: [],
      sources: [],
      about: { version: '' },
      fallback: false,
    },
    () => ({ light: '', dark: '' }),
  );
  return cached;
}

/** The sign a session reads before its first sign render: a constant SVG naming the tool call to make. */
export const PLACEHOLDER_SIGN = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 840 240" role="img" aria-label="${SIGN_PLACEHOLDER_TITLE}" font-family="system-ui,sans-serif">
<title>${SIGN_PLACEHOLDER_TITLE}</title>
<rect width="840" height="240" fill="#fff" stroke="#0a4a54" stroke-width="8"/>
<text x="420" y="110" font-size="34" font-weight="700" text-anchor="middle" fill="#14171c">No sign rendered in this session yet</text>
<text x="420" y="160" font-size="24" text-anchor="middle" fill="#4a5160">Call render_datachain with format "sign" and a link.</text>
</svg>`;
