/**
 * The MCP Apps view (`ui://dtpr/datachain/view.html`): a rendered page plus one small inline script
 * that speaks the ext-apps postMessage protocol (2026-01-26) with its host. The script sends
 * `ui/initialize`, then `ui/notifications/initialized`; on each `ui/notifications/tool-result` of a
 * page render it asks the host for the render's handle (`resources/read`, which hosts proxy to this
 * server) and shows that page in place of what it showed before. So a host may read the view before
 * or after the call, in a session or not.
 *
 * The page stays script-free: the view's CSP allows this one script by its SHA-256 and nothing
 * else (no inline handlers, no other script, no network), and the page swapped in is parsed with
 * DOMParser (which runs nothing) with any script, base and meta element removed before adoption.
 */
const HANDLE = /^ui:\/\/dtpr\/render\/[0-9a-f]{64}\.html$/;

export const VIEW_SCRIPT = `(function () {
  var P = window.parent, next = 0, waiting = {}, HANDLE = ${HANDLE};
  function send(m) { P.postMessage(m, '*'); }
  function request(method, params) {
    var id = ++next;
    send({ jsonrpc: '2.0', id: id, method: method, params: params });
    return new Promise(function (ok, fail) { waiting[id] = [ok, fail]; });
  }
  function handleOf(result) {
    var items = (result && result.content) || [];
    for (var i = 0; i < items.length; i++)
      if (items[i] && items[i].type === 'resource_link' && HANDLE.test(items[i].uri)) return items[i].uri;
    return null;
  }
  function show(html) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script,base,meta[http-equiv]').forEach(function (e) { e.remove(); });
    document.documentElement.lang = doc.documentElement.lang;
    document.title = doc.title;
    document.querySelectorAll('head style').forEach(function (e) { e.remove(); });
    doc.querySelectorAll('head style').forEach(function (e) { document.head.appendChild(document.importNode(e, true)); });
    document.body.replaceWith(document.importNode(doc.body, true));
  }
  addEventListener('message', function (event) {
    var m = event.data;
    if (event.source !== P || !m || m.jsonrpc !== '2.0') return;
    if (!m.method && waiting[m.id]) {
      var w = waiting[m.id];
      delete waiting[m.id];
      return m.error ? w[1](m.error) : w[0](m.result);
    }
    if (m.method === 'ping' && m.id != null) return send({ jsonrpc: '2.0', id: m.id, result: {} });
    if (m.method !== 'ui/notifications/tool-result') return;
    var uri = handleOf(m.params);
    if (!uri) return;
    request('resources/read', { uri: uri }).then(function (r) {
      var text = r && r.contents && r.contents[0] && r.contents[0].text;
      if (typeof text === 'string') show(text);
    }, function () {});
  });
  request('ui/initialize', {
    appInfo: { name: 'dtpr-datachain-view', version: '1.0.0' },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: '2026-01-26'
  }).then(function () { send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }); }, function () {});
})();`;

let cspPromise: Promise<string> | undefined;

/** The view's CSP: the page's own policy plus this script, allowed by hash. */
function viewCsp(): Promise<string> {
  cspPromise ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(VIEW_SCRIPT)).then((d) => {
    const hash = btoa(String.fromCharCode(...new Uint8Array(d)));
    return `default-src 'none'; script-src 'sha256-${hash}'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'`;
  });
  return cspPromise;
}

const PAGE_CSP = '<meta http-equiv="Content-Security-Policy"';

/**
 * A rendered page (or the placeholder) as the view: its CSP meta (the first element of its head,
 * before any author text) replaced by the view's, and the script added after it.
 */
export async function viewDocument(page: string): Promise<string> {
  const csp = await viewCsp();
  const start = page.indexOf(PAGE_CSP);
  const end = start < 0 ? -1 : page.indexOf('>', start);
  if (end < 0) throw new Error('a rendered page always carries its CSP meta');
  const head = `<meta http-equiv="Content-Security-Policy" content="${csp}"><script>${VIEW_SCRIPT}</script>`;
  return page.slice(0, start) + head + page.slice(end + 1);
}
