import { VIEW_SCRIPT } from '../../src/mcp/view-script.js';
import { CSS_SAFE_URI } from '../../src/services/render/icons/resolver.js';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { postMcp } from '../helpers/http.js';
import { HOSTILE, hostileDatachain, REALISTIC } from '../helpers/hostile.js';
import { call } from '../helpers/tools.js';

const V = 'ai@2026-08-12';
const VIEW = 'ui://dtpr/datachain/view.html';
const session = (name: string) => ({ 'mcp-session-id': `${name}-${crypto.randomUUID()}` });

async function readView(headers: Record<string, string> = {}) {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: VIEW } }, headers);
  expect(r.status).toBe(200);
  const item = r.json.result.contents[0];
  expect(item).toMatchObject({
    uri: VIEW,
    mimeType: 'text/html;profile=mcp-app',
    _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] } } },
  });
  // The view is the page plus the one script of the MCP App (allowed by hash); what it shows is the page.
  const text = item.text as string;
  const script = `<script>${VIEW_SCRIPT}</script>`;
  expect(text.split(script)).toHaveLength(2);
  return text.replace(script, '');
}

const minimal = (title: string) => ({
  title: [{ locale: 'en', value: title }],
  elements: REALISTIC.elements.filter((p: any) =>
    ['mobility', 'institution', 'people', 'perceptive_mode'].includes(p.element_id),
  ),
});

describe('render_datachain', () => {
  it('renders a realistic datachain, answers a summary and _meta.ui, and stores the page for the session', async () => {
    const h = session('render');
    const { result, env: e } = await call('render_datachain', { version: V, datachain: REALISTIC }, false, h);
    expect(e).toMatchObject({ ok: true, data: { resource_uri: VIEW, element_count: 15 } });
    expect(e.data.section_count).toBeGreaterThanOrEqual(11);
    expect(result._meta!.ui).toMatchObject({ resourceUri: VIEW, csp: { connectDomains: [], resourceDomains: [] } });
    expect(result.content[0]!.text).toMatch(
      /^Rendered DTPR datachain "Riverton smart traffic cameras" \(ai@2026-08-12\)/,
    );
    const html = await readView(h);
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Riverton smart traffic cameras</title>');
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('for 2 years');
    expect(html.match(/<article /g)).toHaveLength(15);
  });
  it('emits the stylesheet raw: one style element, no entity inside, no caller text', async () => {
    const h = session('style');
    await call('render_datachain', { version: V, datachain: hostileDatachain() }, false, h);
    const html = await readView(h);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    // The page's stylesheet, then the icon sheet (data: URIs with no quote, backslash, < or >, and % only in escapes).
    expect(styles).toHaveLength(2);
    for (const css of styles) {
      expect(css).not.toMatch(/&(?:quot|gt|lt|amp|#\d+|#x[0-9a-f]+);/i);
      expect(css).not.toMatch(/pwned|<|\{\{/);
    }
    expect(styles[0]).toContain('"Segoe UI"');
    expect(styles[1]).toMatch(/^(\.ic\d+\{background-image:url\("[^"]*"\)\})+@media/);
    for (const [, uri] of styles[1]!.matchAll(/url\("([^"]*)"\)/g)) expect(uri).toMatch(CSS_SAFE_URI);
  });
  it('renders in French with fallback', async () => {
    const h = session('fr');
    await call('render_datachain', { version: V, datachain: REALISTIC, locale: 'fr' }, false, h);
    const html = await readView(h);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Caméras de circulation intelligentes de Riverton');
  });
  it('sections follow the datachain type order; empty required sections are shown as such', async () => {
    const h = session('order');
    const { env: e } = await call(
      'render_datachain',
      { version: V, datachain: { ...minimal('Order'), elements: [REALISTIC.elements[0]] } },
      false,
      h,
    );
    expect(e.ok).toBe(false);
    const only = await call('render_datachain', { version: V, datachain: minimal('Order') }, false, h);
    expect(only.env.ok).toBe(true);
    const html = await readView(h);
    const ids = [...html.matchAll(/<section class="cat" id="section-([a-z_]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['purpose', 'accountable', 'affected', 'functional_modes']);
  });
  it('a resolved datachain renders from its snapshot', async () => {
    const resolved = await call('resolve_datachain', { version: V, datachain: REALISTIC });
    const h = session('resolved');
    const { env: e } = await call('render_datachain', { version: V, datachain: resolved.env.data }, false, h);
    expect(e.ok).toBe(true);
    expect(e.data.element_count).toBe(15);
    expect(await readView(h)).toContain('Riverton');
  });
});

describe('session slots', () => {
  it('placeholder before any render', async () => {
    const html = await readView(session('fresh'));
    expect(html).toContain('<title>Preparing the disclosure\u2026</title>');
  });
  it("many interleaved sessions never see each other's pages", async () => {
    const sessions = Array.from({ length: 8 }, (_, i) => ({ h: session(`iso${i}`), title: `Isolation check ${i}` }));
    await Promise.all(
      sessions.map((s) => call('render_datachain', { version: V, datachain: minimal(s.title) }, false, s.h)),
    );
    for (const s of [...sessions].reverse()) {
      const html = await readView(s.h);
      expect(html).toContain(`<title>${s.title}</title>`);
      for (const other of sessions) if (other !== s) expect(html).not.toContain(other.title);
    }
  });
  it('requests without a session id use the documented fallback slot', async () => {
    const title = `Fallback ${crypto.randomUUID()}`;
    await call('render_datachain', { version: V, datachain: minimal(title) });
    expect(await readView()).toContain(title);
    expect(await env.SESSIONS.get('slot:__dtpr_default_session__')).toContain(title);
  });
  it('a failed render keeps the previous page', async () => {
    const h = session('keep');
    await call('render_datachain', { version: V, datachain: minimal('First page') }, false, h);
    const bad = await call(
      'render_datachain',
      { version: V, datachain: { elements: [{ element_id: 'nope' }] } },
      false,
      h,
    );
    expect(bad.env.ok).toBe(false);
    expect(bad.env.errors.map((x) => x.code)).toContain('unknown_element');
    const hard = await call('render_datachain', { version: 'ai@2099-01-01', datachain: minimal('x') }, true, h);
    expect(hard.env.errors[0]!.code).toBe('unknown_version');
    expect(await readView(h)).toContain('<title>First page</title>');
  });
  it('slots expire after one hour', async () => {
    const h = session('ttl');
    const before = Date.now() / 1000;
    await call('render_datachain', { version: V, datachain: minimal('TTL') }, false, h);
    const { keys } = await env.SESSIONS.list({ prefix: `slot:${h['mcp-session-id']}` });
    expect(keys).toHaveLength(1);
    expect(keys[0]!.expiration).toBeGreaterThanOrEqual(Math.floor(before) + 3599);
    expect(keys[0]!.expiration).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3601);
  });
  it('DELETE /mcp clears the slot', async () => {
    const h = session('del');
    await call('render_datachain', { version: V, datachain: minimal('Delete me') }, false, h);
    const { fetchWorker } = await import('../helpers/http.js');
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: h })).status).toBe(204);
    expect(await readView(h)).toContain('<title>Preparing the disclosure\u2026</title>');
  });
});

describe('hostile text renders inert', () => {
  it('every free-text field carrying hostile strings is escaped, and no unsafe URL survives into an href', async () => {
    const h = session('hostile');
    const dc = hostileDatachain();
    const { result, env: e } = await call('render_datachain', { version: V, datachain: dc }, false, h);
    expect(e.errors ?? []).toEqual([]);
    const html = await readView(h);
    expect(html).not.toMatch(/<script|<iframe|<img src=x|<svg onload|<meta http-equiv="refresh"|<style>body/i);
    const tags = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0]);
    for (const tag of tags) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(new Set(tags.map((t) => /^<([a-zA-Z0-9]+)/.exec(t)![1]!.toLowerCase())).has('script')).toBe(false);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:|tel:|#)/);
    const escapedCount = HOSTILE.filter((s) => s.includes('<')).filter((s) =>
      html.includes(s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')),
    ).length;
    expect(escapedCount).toBeGreaterThan(3);
    const summary = result.content[0]!.text;
    expect(summary.split('\n')).toHaveLength(1 + e.data.section_count);
    expect(summary).not.toMatch(/^- Purpose \(9 elements\): injected line/m);
  });
});

describe('resources', () => {
  it('resources/list and templates/list', async () => {
    const list = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/list' });
    expect(list.json.result.resources[0]).toMatchObject({
      uri: VIEW,
      mimeType: 'text/html;profile=mcp-app',
      name: expect.any(String),
    });
    expect(list.json.result.resources[1]).toMatchObject({
      uri: 'ui://dtpr/datachain/sign.svg',
      mimeType: 'image/svg+xml',
      name: expect.any(String),
    });
    const t = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list' });
    expect(t.json.result.resourceTemplates.map((x: any) => x.uriTemplate)).toEqual([
      'dtpr://schemas/{version}/elements/{element_id}',
      'dtpr://schemas/{version}/categories',
    ]);
  });
  it('reads template resources', async () => {
    const el = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'dtpr://schemas/ai@latest/elements/input_biometric' },
    });
    expect(JSON.parse(el.json.result.contents[0].text)).toMatchObject({ id: 'input_biometric', shape: 'circle' });
    const cats = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'dtpr://schemas/ai%402026-04-16-beta/categories' },
    });
    expect(JSON.parse(cats.json.result.contents[0].text)).toHaveLength(11);
    const missing = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'dtpr://schemas/ai@latest/elements/nope' },
    });
    expect(missing.json.error.code).toBe(-32602);
  });
  it('completes element ids for a version', async () => {
    const r = await postMcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'completion/complete',
      params: {
        ref: { type: 'ref/resource', uri: 'dtpr://schemas/{version}/elements/{element_id}' },
        argument: { name: 'element_id', value: 'input_b' },
        context: { arguments: { version: 'ai@2026-08-12' } },
      },
    });
    expect(r.json.result.completion.values).toEqual(['input_biometric']);
  });
  it('the tool descriptor links the view', async () => {
    const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tool = r.json.result.tools.find((t: any) => t.name === 'render_datachain');
    expect(tool._meta.ui.resourceUri).toBe(VIEW);
  });
});
