/**
 * The MCP Apps view (`ui://dtpr/datachain/view.html`): a rendered page (or the placeholder) plus
 * one small inline script (VIEW_SCRIPT: the ext-apps postMessage protocol with its host) and one
 * small style block (the host's theme and the view's own elements). The page stays script-free:
 * the view's CSP allows that one script by its SHA-256 and nothing else (no inline handlers, no
 * other script, no network).
 */
import { inner, QuotedText } from './encode.js';
import { VIEW_SCRIPT } from './view-script.js';

/**
 * What the view adds to the page's styles: an explicit host theme (`data-theme` on the root, set
 * by the script, which also decides the page's own colour-scheme media rules) sets the scheme of
 * the browser's own parts on screen; a host font replaces the page's; the target of an in-page
 * link is outlined; a sign fills the width. A constant: no caller text, never `</style`.
 */
export const VIEW_STYLE =
  '@media screen{:root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}}' +
  'html body,html body [lang]{font-family:var(--view-font,var(--font))}' +
  '[data-view-target]{outline:3px solid var(--accent);outline-offset:2px}' +
  '.view-sign{display:block;width:100%;max-width:52.5rem;height:auto;margin:1.5rem auto}';

let cspPromise: Promise<string> | undefined;

/** The view's CSP: the page's own policy plus the view script, allowed by hash. */
function viewCsp(): Promise<string> {
  cspPromise ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(VIEW_SCRIPT)).then((d) => {
    const hash = btoa(String.fromCharCode(...new Uint8Array(d)));
    return `default-src 'none'; script-src 'sha256-${hash}'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'`;
  });
  return cspPromise;
}

const PAGE_CSP = '<meta http-equiv="Content-Security-Policy"';

/** What the view puts where the page's CSP meta was: its own CSP, the script and the view's style. */
let headPromise: Promise<{ html: string; inner: string }> | undefined;
function viewHead(): Promise<{ html: string; inner: string }> {
  headPromise ??= viewCsp().then((csp) => {
    const html =
      `<meta http-equiv="Content-Security-Policy" content="${csp}"><script>${VIEW_SCRIPT}</script>` +
      `<style id="dtpr-view-style">${VIEW_STYLE}</style>`;
    return { html, inner: inner(html) };
  });
  return headPromise;
}

/** Where the page's CSP meta (the first element of its head, before any author text) starts and ends. */
function cspMeta(page: string): { start: number; end: number } {
  const start = page.indexOf(PAGE_CSP);
  const end = start < 0 ? -1 : page.indexOf('>', start);
  if (end < 0) throw new Error('a rendered page always carries its CSP meta');
  return { start, end: end + 1 };
}

/**
 * A rendered page (or the placeholder) as the view: its CSP meta replaced by the view's, then the
 * script and the view's style. Answers use `quotedView`; this text is what it quotes (its tests' reference).
 */
export async function viewDocument(page: string, handle?: string): Promise<string> {
  const head = await viewHead();
  const { start, end } = cspMeta(page);
  return page.slice(0, start) + head.html + handleMeta(handle) + page.slice(end);
}

/**
 * The handle of the kept render the view shows, for the script (a result that names it needs no
 * read). A handle is `ui://dtpr/render/<hex>.html`: nothing in it needs escaping.
 */
const handleMeta = (handle: string | undefined) => (handle ? `<meta name="dtpr-render" content="${handle}">` : '');

/**
 * The view of `page` as a JSON string literal, for a resources/read answer: the same text as
 * `viewDocument`, with the view's constant part quoted once per isolate rather than on every read.
 * The page is cut right before a `<` and right after a `>`, never inside a surrogate pair, so its
 * parts quote as the whole would.
 */
export async function quotedView(page: string, handle?: string): Promise<QuotedText> {
  const head = await viewHead();
  const { start, end } = cspMeta(page);
  return new QuotedText(
    `"${inner(page.slice(0, start))}${head.inner}${inner(handleMeta(handle))}${inner(page.slice(end))}"`,
  );
}
