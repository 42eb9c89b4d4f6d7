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
      // Minified, as a web host ships it: the page parses about half the bytes at each mount.
      minify: true,
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
 * Host pages kept between mounts, by the reader's colour scheme. A new browser context and page
 * start renderer processes (about half a second of CPU, of some two and a half a mount takes);
 * a kept page is handed a new host document for each mount, so every mount still starts from a
 * fresh host page, sandbox frame and view, with the media type reset. The context's storage is
 * not cleared: the view keeps nothing in storage (src/mcp/view-app.ts); one that began to would
 * carry it from one mount to the next here.
 */
const kept = new Map();

/** A page in a context of its own whose routes, events and server read report to `slot.seen` and `slot.server` of the mount it holds. */
async function newHostPage(browser, bridgeJs, colorScheme) {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  const slot = { context, page, seen: { errors: [], refused: [], dialogs: 0 }, server: undefined };
  page.on('console', (m) => m.type() === 'error' && slot.seen.errors.push(m.text()));
  page.on('pageerror', (e) => slot.seen.errors.push(String(e)));
  page.on('dialog', async (d) => {
    slot.seen.dialogs++;
    await d.dismiss();
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `${HOST}/`) return route.fulfill({ contentType: 'text/html', body: HOST_PAGE });
    if (url === `${HOST}/bridge.js`) return route.fulfill({ contentType: 'text/javascript', body: bridgeJs });
    if (url === `${SANDBOX}/sandbox.html`) return route.fulfill({ contentType: 'text/html', body: SANDBOX_PAGE });
    slot.seen.refused.push(url);
    return route.abort();
  });
  await page.exposeFunction('serverRead', (params) => slot.server.readResource(params));
  return slot;
}

/**
 * Opens a host and mounts `html` in it. `server` answers the view's resources/read; `colorScheme`
 * is the reader's system preference. `context.close()` ends the mount (the host page is left for
 * a blank one, which ends the view) and gives the page back for the next mount.
 */
export async function openHost(browser, bridgeJs, server, html, options) {
  const scheme = options.colorScheme ?? 'light';
  const slot = kept.get(scheme)?.pop() ?? (await newHostPage(browser, bridgeJs, scheme));
  const { page, context } = slot;
  const seen = { errors: [], refused: [], dialogs: 0 };
  slot.seen = seen;
  slot.server = server;
  await page.goto(`${HOST}/`);
  await page.evaluate(([h, o]) => window.mount(h, o), [html, options]);
  const view = page.frames().find((f) => f.url() === 'about:srcdoc');
  if (!view) throw new Error('the view frame did not load');
  return {
    page,
    context: {
      pages: () => context.pages(),
      close: async () => {
        for (const other of context.pages()) if (other !== page) await other.close();
        await page.goto('about:blank');
        await page.emulateMedia({ media: null });
        if (!kept.has(scheme)) kept.set(scheme, []);
        kept.get(scheme).push(slot);
      },
    },
    seen,
    view,
    log: () => page.evaluate(() => window.hostLog),
    /** Calls a method of the host's AppBridge with JSON arguments. */
    bridge: (method, ...args) => page.evaluate(([m, a]) => window.bridge[m](...a), [method, args]),
    frameHeight: () => page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height),
  };
}
