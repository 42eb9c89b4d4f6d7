// A browser MCP Apps host built on the real host library: `AppBridge` and `PostMessageTransport`
// of @modelcontextprotocol/ext-apps, bundled for the browser with esbuild when the check starts.
// The view is hosted the way web hosts do it: the host page (origin http://host.test) holds an
// outer sandbox frame on another origin (http://sandbox.test), which loads the view's HTML into an
// inner frame with `srcdoc` and relays messages both ways. Both origins are served by Playwright
// routes; any other request is refused and recorded. The host's server side is an SDK client in
// Node (app-server.mjs), reached from the page through `exposeFunction`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HOST = 'http://host.test';
const SANDBOX = 'http://sandbox.test';

/** Bundles the host side of ext-apps for the browser; returns its source. */
export async function bundleBridge() {
  const dir = mkdtempSync(join(tmpdir(), 'dtpr-apps-host-'));
  try {
    const outfile = join(dir, 'bridge.js');
    await build({
      entryPoints: [fileURLToPath(new URL('./app-bridge-entry.mjs', import.meta.url))],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome120',
      outfile,
      logLevel: 'error',
    });
    return readFileSync(outfile, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The sandbox proxy: announces itself to the host, loads the HTML it is sent into an inner frame
 * with `srcdoc`, and relays every other message between host and view.
 */
const SANDBOX_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
</head><body><script>
let inner = null;
addEventListener('message', (event) => {
  const m = event.data;
  if (event.source === parent) {
    if (m && m.method === 'ui/notifications/sandbox-resource-ready') {
      inner = document.createElement('iframe');
      inner.setAttribute('sandbox', m.params.sandbox || 'allow-scripts allow-same-origin allow-forms');
      inner.srcdoc = m.params.html;
      document.body.append(inner);
    } else if (inner) inner.contentWindow.postMessage(m, '*');
  } else if (inner && event.source === inner.contentWindow) parent.postMessage(m, '*');
});
parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
</script></body></html>`;

/**
 * The host page. `mount(html, options)` creates the sandbox frame at the host's default size, an
 * AppBridge with no client (its server requests go to Node), and resolves once the view has sent
 * ui/notifications/initialized. The frame follows the view's reported height up to `maxHeight`.
 */
const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<script src="/bridge.js"></script></head><body style="margin:0"><script>
window.mount = async (html, options) => {
  const { AppBridge, PostMessageTransport } = window.ExtApps;
  const log = (window.hostLog = { sizes: [], links: [], reads: [] });
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  frame.style.cssText = 'display:block;border:0;width:' + options.width + 'px;height:' + options.height + 'px';
  frame.src = '${SANDBOX}/sandbox.html';
  document.body.append(frame);
  const bridge = new AppBridge(
    null,
    { name: 'dtpr-e2e-host', version: '1.0.0' },
    { openLinks: {}, serverResources: {} },
    { hostContext: options.hostContext },
  );
  bridge.onreadresource = async (params) => {
    log.reads.push(params.uri);
    return window.serverRead(params);
  };
  bridge.onsizechange = ({ width, height }) => {
    log.sizes.push({ width, height });
    if (height > 0) frame.style.height = Math.min(height, options.maxHeight) + 'px';
  };
  bridge.onopenlink = async ({ url }) => {
    log.links.push(url);
    return {};
  };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  bridge.onsandboxready = () => bridge.sendSandboxResourceReady({ html, csp: options.csp });
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  window.bridge = bridge;
  await initialized;
};
</script></body></html>`;

/**
 * Opens a host in a fresh browser context and mounts `html` in it. `server` answers the view's
 * resources/read; `colorScheme` is the reader's system preference.
 */
export async function openHost(browser, bridgeJs, server, html, options) {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  const seen = { errors: [], refused: [], dialogs: 0 };
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('dialog', async (d) => {
    seen.dialogs++;
    await d.dismiss();
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `${HOST}/`) return route.fulfill({ contentType: 'text/html', body: HOST_PAGE });
    if (url === `${HOST}/bridge.js`) return route.fulfill({ contentType: 'text/javascript', body: bridgeJs });
    if (url === `${SANDBOX}/sandbox.html`) return route.fulfill({ contentType: 'text/html', body: SANDBOX_PAGE });
    seen.refused.push(url);
    return route.abort();
  });
  await page.exposeFunction('serverRead', (params) => server.readResource(params));
  await page.goto(`${HOST}/`);
  await page.evaluate(([h, o]) => window.mount(h, o), [html, options]);
  const view = page.frames().find((f) => f.url() === 'about:srcdoc');
  if (!view) throw new Error('the view frame did not load');
  return {
    page,
    context,
    seen,
    view,
    log: () => page.evaluate(() => window.hostLog),
    /** Calls a method of the host's AppBridge with JSON arguments. */
    bridge: (method, ...args) => page.evaluate(([m, a]) => window.bridge[m](...a), [method, args]),
    frameHeight: () => page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height),
  };
}
