// End-to-end: the rendered datachain page in a real headless Chromium.
// Renders through a live server's MCP endpoint, reads the page back, loads it in Chromium and
// checks: no console errors, no network requests, hostile text executes nothing, no serious
// accessibility violations (axe-core), and writes a screenshot whose path it prints.
// Usage: node test/e2e/browser.mjs http://127.0.0.1:PORT
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { hostileCopy } from './fixtures/hostile.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const realistic = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
const hostile = JSON.parse(readFileSync(new URL('./fixtures/hostile-strings.json', import.meta.url), 'utf8'));
const outDir = process.env.SCREENSHOT_DIR ?? 'test-results';
let passed = 0;
let failed = 0;
async function step(name, fn) {
  try { await fn(); passed++; console.log(`PASS ${name}`); } catch (e) { failed++; console.log(`FAIL ${name}: ${e instanceof Error ? e.message : e}`); }
}

async function rpc(session, method, params) {
  const r = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', 'mcp-session-id': session, 'dtpr-client': 'e2e-browser' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await r.json();
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}
async function renderPage(datachain, locale = 'en') {
  const session = `browser-${crypto.randomUUID()}`;
  const result = await rpc(session, 'tools/call', { name: 'render_datachain', arguments: { version: 'ai@2026-08-12', datachain, locale } });
  assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent.errors));
  const read = await rpc(session, 'resources/read', { uri: 'ui://dtpr/datachain/view.html' });
  return read.contents[0].text;
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** Loads a page with network blocked and counted; returns the page plus what happened. */
async function open(html, { bypassCSP = false, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ bypassCSP, colorScheme, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const seen = { console: [], requests: [], dialogs: 0 };
  page.on('console', (m) => { if (m.type() === 'error') seen.console.push(m.text()); });
  page.on('pageerror', (e) => seen.console.push(String(e)));
  page.on('dialog', async (d) => { seen.dialogs++; await d.dismiss(); });
  await context.route('**/*', (route) => { const u = route.request().url(); if (!u.startsWith('data:')) seen.requests.push(u); return route.abort(); });
  await page.setContent(html, { waitUntil: 'load' });
  return { page, context, seen };
}

await step('realistic 15-element datachain: no console errors, no network requests, screenshot', async () => {
  const html = await renderPage(realistic);
  const { page, context, seen } = await open(html);
  assert.deepEqual(seen.console, []);
  assert.deepEqual(seen.requests, []);
  assert.equal(await page.locator('article.card').count(), 15);
  assert.equal(await page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)), true, 'an icon did not load');
  mkdirSync(outDir, { recursive: true });
  const shot = `${outDir}/rendered-datachain.png`;
  await page.screenshot({ path: shot, fullPage: true });
  console.log(`screenshot: ${shot}`);
  const dark = await open(html, { colorScheme: 'dark' });
  await dark.page.screenshot({ path: `${outDir}/rendered-datachain-dark.png`, fullPage: false });
  console.log(`screenshot: ${outDir}/rendered-datachain-dark.png`);
  await dark.context.close();
  await context.close();
});

await step('accessibility (axe-core): no serious or critical violations, light and dark', async () => {
  const html = await renderPage(realistic);
  for (const colorScheme of ['light', 'dark']) {
    const { page, context } = await open(html, { bypassCSP: true, colorScheme });
    await page.addScriptTag({ content: AXE });
    const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad.map((v) => `${v.id}: ${v.nodes.length} nodes (${v.nodes[0]?.target})`), [], `${colorScheme} scheme`);
    await context.close();
  }
});

await step('hostile corpus in every free-text field executes nothing, even with CSP bypassed', async () => {
  const html = await renderPage(hostileCopy(realistic, hostile));
  for (const bypassCSP of [false, true]) {
    const { page, context, seen } = await open(html, { bypassCSP });
    await page.mouse.move(200, 200);
    await page.mouse.move(600, 500);
    await page.waitForTimeout(200);
    assert.equal(seen.dialogs, 0);
    assert.equal(await page.evaluate(() => globalThis.__pwned), undefined, 'a hostile script ran');
    assert.equal(await page.locator('script, iframe, object, embed').count(), 0);
    assert.deepEqual(seen.requests, [], 'a hostile string made a request');
    const badLinks = await page.evaluate(() => [...document.querySelectorAll('[href]')].map((a) => a.getAttribute('href')).filter((h) => !/^(https?:|mailto:|#)/.test(h)));
    assert.deepEqual(badLinks, []);
    await context.close();
  }
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
