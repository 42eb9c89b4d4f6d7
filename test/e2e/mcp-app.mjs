// End-to-end: the MCP Apps view in a real headless Chromium, hosted the way an MCP Apps host does
// it (ext-apps 2026-01-26): the view runs in a sandboxed iframe and talks to the host over real
// postMessage JSON-RPC (ui/initialize, ui/notifications/initialized, ui/notifications/tool-result);
// the host forwards the view's resources/read to the live server. Checks that a view read BEFORE the
// call shows the page of the tool result it is sent, that a view read after the call shows it at
// once, and that a hostile datachain executes nothing. The browser itself makes no network request.
// Usage: node test/e2e/mcp-app.mjs http://127.0.0.1:PORT
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { hostileCopy } from './fixtures/hostile.mjs';
import { finish, step } from './steps.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const VIEW = 'ui://dtpr/datachain/view.html';
const realistic = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
const hostile = JSON.parse(readFileSync(new URL('./fixtures/hostile-strings.json', import.meta.url), 'utf8'));

/** One JSON-RPC request to the server; `session` null sends no session header. */
async function rpc(session, method, params) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'dtpr-client': 'e2e-mcp-app',
  };
  if (session) headers['mcp-session-id'] = session;
  const r = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await r.json();
  if (body.error) throw Object.assign(new Error(body.error.message), { rpc: body.error });
  return body.result;
}
const newSession = () => `mcp-app-${crypto.randomUUID()}`;
const readView = async (session) => (await rpc(session, 'resources/read', { uri: VIEW })).contents[0].text;
const render = (session, datachain) =>
  rpc(session, 'tools/call', { name: 'render_datachain', arguments: { version: 'ai@2026-08-12', datachain } });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

/**
 * A host page holding the view in a sandboxed iframe (scripts allowed, opaque origin). The host
 * answers ui/initialize, waits for ui/notifications/initialized, and forwards any other request of
 * the view (resources/read) to the server with no session, as an MCP Apps host proxies it.
 */
async function host(viewHtml) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = { console: [], requests: [], dialogs: 0, forwarded: [] };
  page.on('console', (m) => m.type() === 'error' && seen.console.push(m.text()));
  page.on('pageerror', (e) => seen.console.push(String(e)));
  page.on('dialog', async (d) => {
    seen.dialogs++;
    await d.dismiss();
  });
  await context.route('**/*', (route) => {
    seen.requests.push(route.request().url());
    return route.abort();
  });
  await page.exposeFunction('forwardToServer', async (method, params) => {
    seen.forwarded.push(`${method} ${params?.uri ?? ''}`);
    try {
      return { result: await rpc(null, method, params) };
    } catch (e) {
      return { error: e.rpc ?? { code: -32603, message: String(e) } };
    }
  });
  await page.setContent('<!doctype html><html><head><title>host</title></head><body></body></html>');
  await page.evaluate((html) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.style.cssText = 'width:1000px;height:800px';
    const post = (m) => frame.contentWindow.postMessage({ jsonrpc: '2.0', ...m }, '*');
    globalThis.viewReady = new Promise((ready) => {
      addEventListener('message', async (event) => {
        const m = event.data;
        if (event.source !== frame.contentWindow || m?.jsonrpc !== '2.0') return;
        if (m.method === 'ui/initialize')
          return post({
            id: m.id,
            result: {
              protocolVersion: '2026-01-26',
              hostInfo: { name: 'dtpr-e2e-host', version: '1.0.0' },
              hostCapabilities: { serverResources: {} },
              hostContext: { displayMode: 'inline', theme: 'light' },
            },
          });
        if (m.method === 'ui/notifications/initialized') return ready(true);
        if (m.method && m.id !== undefined)
          post({ id: m.id, ...(await globalThis.forwardToServer(m.method, m.params)) });
      });
    });
    globalThis.sendToolResult = (result) => post({ method: 'ui/notifications/tool-result', params: result });
    frame.srcdoc = html;
    document.body.append(frame);
  }, viewHtml);
  await page.evaluate(() => globalThis.viewReady);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  return { page, context, seen, frame };
}
const bodyText = (frame) => frame.evaluate(() => document.body.innerText);

await step('view read before the call shows the page of the tool result it is sent', async () => {
  const { page, context, seen, frame } = await host(await readView(newSession()));
  assert.match(await bodyText(frame), /awaiting tool call/);
  const result = await render(newSession(), realistic);
  assert.equal(result.structuredContent.ok, true);
  await page.evaluate((r) => globalThis.sendToolResult(r), result);
  await frame.waitForFunction(() => document.body.innerText.includes('Riverton smart traffic cameras'), null, {
    timeout: 30_000,
  });
  const text = await bodyText(frame);
  assert.match(text, /for 2 years/);
  assert.equal(await frame.locator('article.card').count(), 15);
  assert.equal(await frame.evaluate(() => document.title), 'Riverton smart traffic cameras');
  assert.match(await frame.evaluate(() => getComputedStyle(document.body).fontFamily), /system-ui/);
  const link = result.content.find((c) => c.type === 'resource_link');
  assert.deepEqual(seen.forwarded, [`resources/read ${link.uri}`]);
  assert.deepEqual(seen.console, []);
  assert.deepEqual(seen.requests, []);
  await context.close();
});

await step('view read after the call in the same session shows the page at once', async () => {
  const session = newSession();
  await render(session, realistic);
  const { context, seen, frame } = await host(await readView(session));
  assert.match(await bodyText(frame), /Riverton smart traffic cameras/);
  assert.deepEqual(seen.console, []);
  await context.close();
});

await step('a hostile datachain pushed into the view executes nothing and shows its text as text', async () => {
  const { page, context, seen, frame } = await host(await readView(newSession()));
  const dc = hostileCopy(realistic, hostile);
  dc.title = [{ locale: 'en', value: hostile[0] }];
  const result = await render(newSession(), dc);
  assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent.errors));
  await page.evaluate((r) => globalThis.sendToolResult(r), result);
  await frame.waitForFunction((t) => document.title === t, hostile[0], { timeout: 30_000 });
  await frame.locator('body').hover();
  assert.equal(await frame.evaluate(() => globalThis.__pwned), undefined);
  assert.equal(await page.evaluate(() => globalThis.__pwned), undefined);
  assert.equal(await frame.evaluate(() => document.querySelectorAll('script').length), 1, 'only the view script');
  assert.equal(await frame.evaluate(() => document.querySelectorAll('iframe,object,embed').length), 0);
  assert.equal(seen.dialogs, 0);
  assert.deepEqual(seen.requests, []);
  await context.close();
});

await browser.close();
finish({ exit: true });
