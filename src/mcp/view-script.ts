import { PLACEHOLDER_MARK } from '../services/render/placeholder.js';
import { viewWordsJson } from '../services/render/shared/labels/shipped.js';

/**
 * The MCP Apps view's one inline script (ext-apps protocol 2026-01-26, spoken over postMessage to
 * `window.parent`). Its contract with a host:
 *
 * - sends `ui/initialize`, applies the `hostContext` of the answer, then sends
 *   `ui/notifications/initialized`; from then on reports `ui/notifications/size-changed`
 *   `{width, height}` (the document's full height) whenever the document's size changes;
 * - follows `hostContext.theme`, `hostContext.styles.variables` (host colours and font replace the
 *   page's) and `locale`, from the initialize answer and each `ui/notifications/host-context-changed`,
 *   a partial update merged into what it holds (a theme change without `styles` keeps the host's
 *   colours; new `styles` replace them whole). An explicit host theme wins over the reader's
 *   system preference: every CSS rule whose media mentions `prefers-color-scheme` (the page's
 *   palette and its icons' dark variants alike) has that feature decided by the host theme (see
 *   forceQuery); a theme given as neither `light` nor `dark` restores the rules' own media text;
 * - while it shows the placeholder (its body carries PLACEHOLDER_MARK), says "Preparing the
 *   disclosure…" in the host's `locale`; on each `ui/notifications/tool-input` shows only that,
 *   in the call's language (its `locale`, else `locales[0]`, else the host's), in place of
 *   whatever it showed (in a 2025 session the view is read as the last page); every later
 *   sentence of the call is in that language;
 * - on `ui/notifications/tool-result`: a page handle (`ui://dtpr/render/<sha-256>.html`) that
 *   names the page the view held when the call began (the view document's `dtpr-render` meta, or
 *   the last page it read) shows that page again without a read; any other is read
 *   with `resources/read` and swapped in (parsed by DOMParser, which runs nothing; any script,
 *   base, meta http-equiv, link or embedding element dropped); a sign handle (`.svg`) is read and
 *   shown as an `<img>` of a data: URI (an image runs no script and fetches nothing); an invalid
 *   datachain (`structuredContent.ok === false` without `isError`: the author's to correct) is told
 *   in a reader's sentence by the kind of problem (WORDS, every locale's view sentences; see kindOf), never its codes or any
 *   message, path or hint; a hard error (`isError`: a rate limit, a timeout, bad arguments), a
 *   result it cannot load, or `ui/notifications/tool-cancelled` says the disclosure is not
 *   available and to try again later;
 * - a click on `#fragment` scrolls to its target in the document (never navigates: a `srcdoc`
 *   frame would load its parent's address); an http(s), mailto or tel link goes to the host as
 *   `ui/open-link`; any other link does nothing;
 * - answers `ping` and `ui/resource-teardown` with `{}` and any other request with -32601; once
 *   torn down it handles no notification, drops a read under way and sends nothing but answers.
 *
 * It builds DOM with textContent and attributes only (no HTML string parsing into the live page),
 * so no text it handles can become markup or script.
 *
 * A request the host has not answered in WAIT_MS (20 s) fails, so the view never waits for good on
 * a host that drops it (the MCP SDK gives up on its own after a minute). A sign's result carries the
 * sign whole (an embedded resource beside its .svg handle, under the session's sign uri or the
 * handle): `embeddedOf` shows it without a read, so a host that cannot read resources, or a result
 * replayed after its kept render expired, still shows it.
 *
 * Its state: `shown` is the kept render the view shows (the document's dtpr-render meta once
 * parsed, then the last page read) and `shownBody` its body; `held` is that page as the preparing
 * state found it, shown again without a read when the call's result names `shown` (a 2025 host
 * that reads the view after the call gets its page with it). Only a read changes `shown`, and a
 * read drops what is held. The preparing state shows only "Preparing the disclosure..." in the
 * call's language, else the host's, marked as the placeholder is; it replaces whatever the view
 * shows, so no earlier render (a 2025 session's view is its last page) stands for the one on its
 * way. Torn down, the view handles no notification, drops a read under way, and sends nothing but
 * answers (no size report, no open-link).
 *
 * A host context, whole (the initialize answer) or a partial update (host-context-changed: only
 * the keys that changed), is merged into what the view holds, as the spec has it: a key left out
 * keeps its value. Given `styles` replace the host's earlier ones whole (a variable they leave out
 * is the page's again); an update without `styles`, such as a theme change, keeps them.
 *
 * What its functions do (written here, not in the script, whose comments would ship with it):
 * - `whenParsed`: Runs fn once the document is parsed, unless the view has been torn down by then.
 * - `forceQuery`: One media query with the host theme decided: a query whose colour-scheme
 *   features all name the host theme loses them ('screen and (prefers-color-scheme: dark)' ->
 *   'screen'; nothing left -> 'all'); one naming the other theme becomes 'not all'. A query with
 *   'not' or 'or' is left as is.
 * - `scan`: Every rule of the document's styles whose media mentions prefers-color-scheme, with
 *   its original media text (kept across scans: a rewritten text no longer mentions it); then the
 *   host theme applied to them: forced by it, or the original text when there is none.
 * - `localeOf`: A language tag to one of WORDS' locales: the exact code, else Chinese by script or
 *   region (Hant for TW, HK, MO), Tagalog as Filipino, else the primary subtag.
 * - `words`: The view's language: the call's, else the host's; before any call, else the page's
 *   own (once a call has come, the page shown may be an earlier call's, whose language is not this
 *   one's).
 * - `preparing`: keeps the page as `held` only while the body is that page (not a message shown
 *   since, nor the preparing state).
 * - `relabel`: The placeholder, or the preparing state, says it again in the language now known.
 * - `langOf`: The call's language: its `locale`, else the first of its `locales` (a sign's), else
 *   none.
 * - `kindOf`: The kind of problem of one error item: from its code, and for a shape error whether
 *   its message is the server's missing-value sentence (a yes or no: no message, path or hint is
 *   ever shown).
 * - the parse handler before the last line: records the page the view was read with, and the kept
 *   render it is (none for the placeholder).
 */
export const VIEW_SCRIPT = `(function () {
  var P = window.parent, root = document.documentElement, next = 0, waiting = {}, turn = 0;
  var ready = false, closed = false, called = false, callLang = '', hostLang = '', marked = null, theme = '', schemes = [];
  var shown = null, shownBody = null, held = null;
  var HANDLE = /^ui:\\/\\/dtpr\\/render\\/[0-9a-f]{64}\\.(html|svg)$/;
  var WORDS = ${viewWordsJson()};
  var KINDS = [['missing', /missing|required|empty/], ['edition', /version|snapshot|drift/], ['unknown', /unknown|not_found|collision|ambiguous/]];
  var MISSING_VALUE = /^Missing required value /;
  var SCHEME = /\\(\\s*prefers-color-scheme\\s*:\\s*(?:light|dark)\\s*\\)/gi;
  var HOST_VARS = { '--bg': '--color-background-primary', '--surface': '--color-background-secondary',
    '--fg': '--color-text-primary', '--muted': '--color-text-secondary', '--line': '--color-border-primary',
    '--accent': '--color-text-info', '--view-font': '--font-sans' };
  function noop() {}
  function send(m) { m.jsonrpc = '2.0'; P.postMessage(m, '*'); }
  var WAIT_MS = 20000;
  function request(method, params) {
    var id = ++next;
    send({ id: id, method: method, params: params });
    return new Promise(function (ok, fail) {
      waiting[id] = [ok, fail];
      setTimeout(function () {
        if (!waiting[id]) return;
        delete waiting[id];
        fail({ code: -32001, message: 'Request timed out' });
      }, WAIT_MS);
    });
  }
  function whenParsed(fn) {
    var run = function () { if (!closed) fn(); };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run); else run();
  }

  var lastW = 0, lastH = 0, queued = false;
  function measure() {
    if (!ready || queued) return;
    queued = true;
    requestAnimationFrame(function () {
      queued = false;
      if (!ready || closed) return;
      var saved = root.style.height;
      root.style.height = 'max-content';
      var h = Math.ceil(root.getBoundingClientRect().height), w = Math.ceil(innerWidth);
      root.style.height = saved;
      if (h === lastH && w === lastW) return;
      lastH = h; lastW = w;
      send({ method: 'ui/notifications/size-changed', params: { width: w, height: h } });
    });
  }
  var sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
  function watch() {
    if (sizes) { sizes.disconnect(); sizes.observe(root); sizes.observe(document.body); }
    measure();
  }

  function forceQuery(q) {
    var found = q.match(SCHEME);
    if (!found || /\\b(not|or)\\b/i.test(q)) return q;
    for (var i = 0; i < found.length; i++) if (found[i].toLowerCase().indexOf(theme) < 0) return 'not all';
    var rest = q.replace(SCHEME, '').replace(/\\band\\s+(?=and\\b)/gi, '').replace(/^\\s*and\\b|\\band\\s*$/gi, '');
    return rest.trim() || 'all';
  }
  function scan() {
    var known = schemes;
    schemes = [];
    function walk(rules) {
      for (var i = 0; i < rules.length; i++) {
        var r = rules[i], k = 0;
        while (k < known.length && known[k][0] !== r) k++;
        if (k < known.length) schemes.push(known[k]);
        else if (r.media && /prefers-color-scheme/i.test(r.media.mediaText)) schemes.push([r, r.media.mediaText]);
        if (r.cssRules) walk(r.cssRules);
      }
    }
    for (var s = 0; s < document.styleSheets.length; s++) walk(document.styleSheets[s].cssRules);
    applyScheme();
  }
  function applyScheme() {
    schemes.forEach(function (e) {
      e[0].media.mediaText = theme ? e[1].split(',').map(forceQuery).join(', ') : e[1];
    });
  }

  function applyContext(c) {
    if (!c || typeof c !== 'object') return;
    if (typeof c.locale === 'string') hostLang = c.locale;
    if (c.theme === 'light' || c.theme === 'dark') {
      theme = c.theme;
      root.setAttribute('data-theme', theme);
      applyScheme();
    } else if ('theme' in c && theme) {
      theme = '';
      root.removeAttribute('data-theme');
      applyScheme();
    }
    if (!('styles' in c)) return;
    var vars = c.styles && typeof c.styles === 'object' && c.styles.variables;
    for (var k in HOST_VARS) {
      var v = vars && typeof vars === 'object' ? vars[HOST_VARS[k]] : null;
      if (typeof v === 'string' && v) root.style.setProperty(k, v); else root.style.removeProperty(k);
    }
  }

  function localeOf(tag) {
    var t = String(tag || '').toLowerCase(), parts = t.split('-'), k;
    for (k in WORDS) if (k.toLowerCase() === t) return k;
    if (parts[0] === 'zh') return /-(hant|tw|hk|mo)(-|$)/.test(t) ? 'zh-Hant' : 'zh-Hans';
    if (parts[0] === 'tl') return 'fil';
    return parts[0];
  }
  function words() {
    var tags = called ? [callLang, hostLang] : [callLang, hostLang, root.lang];
    for (var i = 0; i < tags.length; i++) {
      var lang = localeOf(tags[i]);
      if (WORDS[lang]) return [lang, WORDS[lang]];
    }
    return ['en', WORDS.en];
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function adopt(styles, body, lang, title) {
    var mine = document.getElementById('dtpr-view-style');
    if (styles) {
      document.querySelectorAll('head style').forEach(function (e) { if (e !== mine) e.remove(); });
      styles.forEach(function (e) { document.head.appendChild(document.importNode(e, true)); });
      scan();
    }
    if (lang) root.lang = lang;
    document.title = title;
    marked = null;
    document.body.replaceWith(body);
    scrollTo(0, 0);
    watch();
  }
  function showPage(html) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script,base,meta[http-equiv],link,iframe,frame,object,embed').forEach(function (e) { e.remove(); });
    var styles = Array.prototype.slice.call(doc.querySelectorAll('head style'));
    adopt(styles, document.importNode(doc.body, true), doc.documentElement.lang, doc.title);
  }
  function showSign(svg) {
    var doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    var title = doc.querySelector('title'), desc = doc.querySelector('desc');
    var img = el('img', 'view-sign');
    img.alt = [title && title.textContent, desc && desc.textContent].filter(Boolean).join('. ');
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    var body = el('body'), main = el('main', 'wrap');
    main.appendChild(img);
    body.appendChild(main);
    adopt(null, body, doc.documentElement.getAttribute('lang'), title ? title.textContent : '');
  }
  function showMessage(w, title, lead) {
    var body = el('body'), header = el('header', 'doc'), wrap = el('div', 'wrap');
    wrap.appendChild(el('h1', '', title));
    if (lead) wrap.appendChild(el('p', 'lead', lead));
    header.appendChild(wrap);
    body.appendChild(header);
    adopt(null, body, w[0], title);
  }
  function preparing() {
    if (shown && !held && document.body === shownBody)
      held = { body: document.body, lang: root.lang, title: document.title };
    var w = words();
    showMessage(w, w[1].preparing, '');
    document.body.setAttribute('${PLACEHOLDER_MARK}', '');
  }
  function relabel() {
    if (document.body.hasAttribute('${PLACEHOLDER_MARK}')) preparing();
  }
  function langOf(args) {
    var l = args && (typeof args.locale === 'string' ? args.locale : Array.isArray(args.locales) && args.locales[0]);
    return typeof l === 'string' ? l : '';
  }
  function unavailable() {
    var w = words();
    showMessage(w, w[1].unavailableTitle, w[1].unavailableLead);
  }
  function kindOf(e) {
    var code = e && typeof e.code === 'string' ? e.code : '';
    if (code === 'parse_error' && typeof e.message === 'string' && MISSING_VALUE.test(e.message)) return 'missing';
    for (var i = 0; i < KINDS.length; i++) if (KINDS[i][1].test(code)) return KINDS[i][0];
    return 'form';
  }
  function problem(errors) {
    var w = words(), kinds = [];
    (Array.isArray(errors) ? errors : []).forEach(function (e) {
      var kind = kindOf(e);
      if (kinds.indexOf(kind) < 0) kinds.push(kind);
    });
    if (!kinds.length) kinds.push('form');
    var list = kinds.map(function (k) { return w[1][k]; }).join('; ');
    showMessage(w, w[1].problemTitle, w[1].problemLead + list + '.');
  }
  function handleOf(result) {
    var items = (result && result.content) || [];
    for (var i = 0; i < items.length; i++)
      if (items[i] && items[i].type === 'resource_link' && HANDLE.test(items[i].uri)) return items[i].uri;
    return null;
  }
  function embeddedOf(result, uri) {
    var items = (result && result.content) || [];
    if (!/\\.svg$/.test(uri)) return null;
    for (var i = 0; i < items.length; i++) {
      var r = items[i] && items[i].type === 'resource' && items[i].resource;
      if (r && /^image\\/svg\\+xml/.test(r.mimeType || '') && typeof r.text === 'string') return r.text;
    }
    return null;
  }
  function onResult(r) {
    var mine = ++turn, sc = r && r.structuredContent;
    if (r && r.isError) return unavailable();
    if (sc && sc.ok === false) return problem(sc.errors);
    var uri = handleOf(r);
    if (!uri) return unavailable();
    if (held && uri === shown) {
      var h = held;
      held = null;
      h.body.querySelectorAll('[data-view-target]').forEach(function (e) { e.removeAttribute('data-view-target'); });
      return adopt(null, h.body, h.lang, h.title);
    }
    var show = function (text) {
      held = null;
      shown = /\\.svg$/.test(uri) ? '' : uri;
      if (shown) showPage(text); else showSign(text);
      shownBody = document.body;
    };
    var carried = embeddedOf(r, uri);
    if (carried !== null) return show(carried);
    request('resources/read', { uri: uri }).then(function (res) {
      if (mine !== turn) return;
      var text = res && res.contents && res.contents[0] && res.contents[0].text;
      if (typeof text !== 'string') return unavailable();
      show(text);
    }, function () { if (mine === turn) unavailable(); });
  }

  function jump(id) {
    try { id = decodeURIComponent(id); } catch (x) { return; }
    var target = id && document.getElementById(id);
    if (!target) return;
    if (marked) marked.removeAttribute('data-view-target');
    marked = target;
    target.setAttribute('data-view-target', '');
    target.scrollIntoView({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  document.addEventListener('click', function (e) {
    var a = e.target && e.target.closest ? e.target.closest('a[href]') : null;
    if (!a) return;
    e.preventDefault();
    var href = a.getAttribute('href');
    if (href.charAt(0) === '#') return jump(href.slice(1));
    if (ready && /^(https?|mailto|tel):/i.test(href)) request('ui/open-link', { url: a.href }).then(noop, noop);
  });

  addEventListener('message', function (event) {
    var m = event.data;
    if (event.source !== P || !m || m.jsonrpc !== '2.0') return;
    if (!m.method) {
      var w = waiting[m.id];
      if (!w) return;
      delete waiting[m.id];
      return m.error ? w[1](m.error) : w[0](m.result);
    }
    if (m.id != null) {
      var known = m.method === 'ping' || m.method === 'ui/resource-teardown';
      if (m.method === 'ui/resource-teardown') teardown();
      return send(known ? { id: m.id, result: {} } : { id: m.id, error: { code: -32601, message: 'Method not found' } });
    }
    if (closed) return;
    var p = m.params || {};
    if (m.method === 'ui/notifications/tool-result') whenParsed(function () { onResult(p); });
    else if (m.method === 'ui/notifications/tool-input') {
      turn++;
      called = true;
      callLang = langOf(p.arguments);
      whenParsed(preparing);
    }
    else if (m.method === 'ui/notifications/host-context-changed') { applyContext(p); whenParsed(relabel); }
    else if (m.method === 'ui/notifications/tool-cancelled') { turn++; whenParsed(unavailable); }
  });
  function teardown() {
    closed = true;
    ready = false;
    turn++;
    if (sizes) sizes.disconnect();
  }
  request('ui/initialize', {
    appInfo: { name: 'dtpr-datachain-view', version: '1.1.0' },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: '2026-01-26'
  }).then(function (r) {
    if (closed) return;
    applyContext(r && r.hostContext);
    send({ method: 'ui/notifications/initialized', params: {} });
    ready = true;
    whenParsed(relabel);
    whenParsed(watch);
  }, noop);
  whenParsed(function () {
    var meta = document.querySelector('meta[name="dtpr-render"]');
    shown = meta ? meta.getAttribute('content') || '' : '';
    shownBody = document.body;
  });
  whenParsed(scan);
})();`;
