import { describe, expect, it } from 'vitest';
import { VIEW_STYLE } from '../../src/mcp/view-app.js';
import { VIEW_SCRIPT } from '../../src/mcp/view-script.js';
import { LOCALE_LABELS } from '../../src/services/render/shared/labels/index.js';
import { viewWordsOf } from '../../src/services/render/shared/view-words.js';

import { callTool, postMcp } from '../helpers/http.js';
import { HOSTILE, hostileDatachain, REALISTIC } from '../helpers/hostile.js';

/** The view's sentences by locale, English's first, from the tables. */
const VIEW_WORDS = viewWordsOf(LOCALE_LABELS);

const VIEW = 'ui://dtpr/datachain/view.html';
const V = 'ai@2026-08-12';
const read = (uri: string, headers: Record<string, string> = {}) =>
  postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } }, headers);
const textOf = async (uri: string, headers: Record<string, string> = {}) =>
  (await read(uri, headers)).json.result.contents[0].text as string;
const linkOf = (result: Awaited<ReturnType<typeof callTool>>) =>
  (result.content.find((c) => c.type === 'resource_link') as unknown as { uri: string } | undefined)?.uri;
/** The view's additions: its CSP meta, its script and its style block. */
const strip = (s: string) =>
  s.replace(
    /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>(<script>[\s\S]*?<\/script><style id="dtpr-view-style">[^<]*<\/style>(<meta name="dtpr-render" content="[^"]*">)?)?/,
    '',
  );
/** The regular expression the script uses to recognise a render handle, taken from its source. */
const scriptHandle = () => {
  const source = /var HANDLE = \/(.+)\/;/.exec(VIEW_SCRIPT)![1]!;
  return new RegExp(source);
};
/** A regular expression of the script, by its variable name, taken from its source. */
const scriptRegExp = (name: string) => {
  const [, source, flags] = new RegExp(`var ${name} = /(.+)/([a-z]*);`).exec(VIEW_SCRIPT)!;
  return new RegExp(source!, flags);
};
/** The only way the script may read an error's message: as a yes or no of MISSING_VALUE. */
const MESSAGE_READ = "typeof e.message === 'string' && MISSING_VALUE.test(e.message)";
/** The visible text of an HTML document: tags, styles and scripts dropped. */
const visible = (html: string) =>
  html
    .replace(/<(script|style|title)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the MCP App view', () => {
  it('allows exactly its own script by hash, and no inline handler or other script', async () => {
    const text = await textOf(VIEW);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(VIEW_SCRIPT));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(text)![1]!;
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|connect-src/);
    expect(text.match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(text.match(/<script/g)).toHaveLength(1);
    expect(text).toContain(`<style id="dtpr-view-style">${VIEW_STYLE}</style>`);
  });

  it('wraps a hostile render without adding any script; the page read by its handle has none', async () => {
    const session = { 'mcp-session-id': `hostile-view-${crypto.randomUUID()}` };
    const result = await callTool('render_datachain', { version: V, datachain: hostileDatachain() }, session);
    expect(result.structuredContent.ok).toBe(true);
    const page = await textOf(linkOf(result)!);
    const view = await textOf(VIEW, session);
    expect(page).not.toMatch(/<script/i);
    expect(strip(view)).toBe(strip(page));
    // The view names the kept render it shows, for the script: the handle the result links.
    expect(view).toContain(`<meta name="dtpr-render" content="${linkOf(result)}">`);
    expect(strip(view)).not.toMatch(/<script/i);
  });

  it('before any render, shows the public a neutral page with no developer text', async () => {
    const text = visible(await textOf(VIEW, { 'mcp-session-id': `fresh-view-${crypto.randomUUID()}` }));
    // Only that line: the view's script says it again in another language, and nothing else.
    expect(text.trim()).toBe('Preparing the disclosure\u2026');
    expect(text).not.toMatch(/render_datachain|tool|session|datachain|call /i);
  });

  it('recognises the handles of both page and sign renders, and nothing else', async () => {
    const handle = scriptHandle();
    const page = await callTool('render_datachain', { version: V, datachain: REALISTIC });
    const sign = await callTool('render_datachain', {
      version: V,
      datachain: REALISTIC,
      format: 'sign',
      link: 'https://riverton.example.org/ai/traffic-cameras',
    });
    expect(linkOf(page)).toMatch(/\.html$/);
    expect(linkOf(sign)).toMatch(/\.svg$/);
    expect(handle.test(linkOf(page)!)).toBe(true);
    expect(handle.test(linkOf(sign)!)).toBe(true);
    for (const other of [VIEW, 'ui://dtpr/datachain/sign.svg', `${linkOf(page)}#x`, 'https://example.org/a.html'])
      expect(handle.test(other), other).toBe(false);
  });

  it('a failed render carries codes the script can classify, and the script shows none of its text', async () => {
    const dc = hostileDatachain();
    dc.elements = [{ element_id: HOSTILE[0] }, ...(dc.elements as unknown[])];
    const result = await callTool('render_datachain', { version: V, datachain: dc });
    expect(result.structuredContent.ok).toBe(false);
    const errors = result.structuredContent.errors as { code: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.code).toMatch(/^[a-z_]+$/);
    expect(linkOf(result)).toBeUndefined();
    // The script reads `code` of an error item, and its message only as a yes or no (the
    // missing-value test below): never its path or hint, nor its message into the page.
    expect(VIEW_SCRIPT.split(MESSAGE_READ)).toHaveLength(2);
    expect(VIEW_SCRIPT.replace(MESSAGE_READ, '')).not.toMatch(/\.message\b|fix_hint|\.path\b/);
  });

  it('tells a missing required value from a value in the wrong form by the error it carries', async () => {
    const missingValue = scriptRegExp('MISSING_VALUE');
    const kindsLine = /var KINDS = (.+);/.exec(VIEW_SCRIPT)![1]!;
    const kinds = [...kindsLine.matchAll(/, \/([^/]+)\//g)].map((m) => new RegExp(m[1]!));
    expect(kinds).toHaveLength(3);
    const errorsOf = async (datachain: unknown) => {
      const result = await callTool('render_datachain', { version: V, datachain });
      expect(result.structuredContent.ok).toBe(false);
      expect(result.isError).toBeUndefined();
      return result.structuredContent.errors as { code: string; message: string }[];
    };
    const { elements: _dropped, ...noElements } = REALISTIC as Record<string, unknown>;
    const missing = [...(await errorsOf(noElements)), ...(await errorsOf({ ...REALISTIC, elements: [{}] }))];
    const wrongForm = await errorsOf({ ...REALISTIC, elements: 'not a list' });
    expect(missing.length).toBeGreaterThan(1);
    for (const e of missing) {
      expect(e.code).toBe('parse_error');
      expect(e.message, e.message).toMatch(missingValue);
    }
    for (const e of wrongForm) {
      expect(e.code).toBe('parse_error');
      expect(e.message, e.message).not.toMatch(missingValue);
    }
    // The code alone says nothing of a missing value: without the message test both were "form".
    for (const kind of kinds) expect('parse_error').not.toMatch(kind);
  });

  it("a hard error is told as unavailable, not as the author's mistake", async () => {
    const hard = await callTool('render_datachain', { version: V, datachain: REALISTIC, format: 'poster' });
    expect(hard.isError).toBe(true);
    expect(hard.structuredContent.ok).toBe(false);
    // The script decides on isError before it looks at ok === false.
    const isError = VIEW_SCRIPT.indexOf('if (r && r.isError) return unavailable();');
    const invalid = VIEW_SCRIPT.indexOf('if (sc && sc.ok === false) return problem(sc.errors);');
    expect(isError).toBeGreaterThan(0);
    expect(invalid).toBeGreaterThan(isError);
    expect(VIEW_WORDS.en!.unavailableLead).toMatch(/try again later/);
  });

  it('builds no markup from strings, reaches no network and has no way to run text as code', () => {
    for (const banned of [
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc/,
      /\beval\(|new Function|setTimeout\(\s*['"`]|setInterval\(\s*['"`]/,
      /fetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|importScripts|window\.open|location\s*=/,
      /setAttribute\(\s*['"]on/,
    ])
      expect(VIEW_SCRIPT).not.toMatch(banned);
  });

  it('speaks to the public in every locale it has, without codes', () => {
    const keys = Object.keys(VIEW_WORDS.en!).sort();
    for (const [lang, words] of Object.entries(VIEW_WORDS)) {
      expect(Object.keys(words).sort(), lang).toEqual(keys);
      for (const text of Object.values(words)) expect(text, lang).not.toMatch(/[a-z]_[a-z]|render_datachain|\btool\b/);
    }
    expect(VIEW_STYLE).not.toMatch(/<\/style/i);
  });

  it('is written in ASCII, its words in every locale as escapes that read the same', () => {
    // A view joins the script to a page; one character beyond Latin-1 in it would make every view
    // a string of two bytes per character, slower to quote and encode on each read.
    expect(VIEW_SCRIPT).toMatch(/^[\x00-\x7f]*$/);
    const words = /var WORDS = (.+);/.exec(VIEW_SCRIPT)![1]!;
    expect(JSON.parse(words)).toEqual(VIEW_WORDS);
  });
});
