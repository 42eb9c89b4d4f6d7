// End-to-end: the MCP Apps view in headless Chromium behind the real ext-apps host library
// (AppBridge + PostMessageTransport, in a double-iframe sandbox with an srcdoc inner frame; see
// app-host.mjs), in both protocol eras (see app-server.mjs). For a page, a sign, an invalid
// datachain and a hostile one, checks what the public sees, that the view reports its size and
// follows the host's theme (partial context updates merged), that it speaks one language per call,
// that a new call's input replaces what it showed and nothing is handled after teardown, that
// in-page links scroll without navigating and external links reach the host's open-link handler,
// and that nothing hostile runs.
// Usage: node test/e2e/mcp-app.mjs http://127.0.0.1:PORT
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundleBridge, openHost } from './app-host.mjs';
import { connectServer, ERAS } from './app-server.mjs';
import { hostileCopy } from './fixtures/hostile.mjs';
import { launchChromium } from './chromium.mjs';
import { finish, step } from './steps.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:8787';
const VIEW = 'ui://dtpr/datachain/view.html';
const V = 'ai@2026-08-12';
const LINK = 'https://riverton.example.org/ai/traffic-cameras';
const realistic = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
const hostile = JSON.parse(readFileSync(new URL('./fixtures/hostile-strings.json', import.meta.url), 'utf8'));
/** The host frame's height before the view reports one, and the most it grows to. */
const DEFAULT = { width: 1000, height: 320, maxHeight: 720 };
const LIGHT_BG = 'rgb(244, 246, 248)';
const DARK_BG = 'rgb(15, 18, 22)';
const PRINT_BG = 'rgb(255, 255, 255)';
/** The outline of every icon's dark-screen variant (src/services/render/icon.ts); never a light one's. */
const ON_DARK = '#E8ECF1';
const WAIT = { timeout: 30_000 };
/** Developer wording the public must never see. */
const DEVELOPER = /render_datachain|tool call|awaiting|session|resource_link|\b[a-z]+_[a-z_]+\b/;

const browser = await launchChromium();
const bridgeJs = await bundleBridge();

/** The text a reader sees (innerText follows layout: hidden text is left out). */
// biome-ignore lint/performance/useDomNodeTextContent: the check is about rendered, visible text
const visibleText = (view) => view.evaluate(() => document.body.innerText);
const bodyBackground = (view) => view.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The stroke colour of the shape of the first icon, as its computed background image paints it. */
async function iconStroke(view) {
  const image = await view.evaluate(() => getComputedStyle(document.querySelector('.dtpr-icon')).backgroundImage);
  const svg = decodeURIComponent(/^url\("data:image\/svg\+xml;charset=utf-8,(.*)"\)$/.exec(image)[1]);
  return /<path [^>]*stroke="([^"]+)"/.exec(svg)[1];
}
/** Waits until the page background and the icons follow `theme`; fails with what was seen. */
async function assertScheme(view, theme, why) {
  const bg = theme === 'dark' ? DARK_BG : theme === 'print' ? PRINT_BG : LIGHT_BG;
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const [seenBg, stroke] = [await bodyBackground(view), await iconStroke(view)];
    if (seenBg === bg && (stroke === ON_DARK) === (theme === 'dark')) return;
    if (Date.now() > deadline) throw new Error(`${why}: background ${seenBg}, icon stroke ${stroke}; want ${theme}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Waits until the host has been told a height that `accept` takes; returns it. */
async function reportedHeight(host, accept) {
  const deadline = Date.now() + WAIT.timeout;
  for (;;) {
    const { sizes } = await host.log();
    const last = sizes.at(-1);
    if (last && accept(last.height)) return last.height;
    if (Date.now() > deadline) throw new Error(`no accepted size-changed; got ${JSON.stringify(sizes)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The host's view of one render: the tool input, then the result, as AppBridge sends them. */
async function push(host, args, result) {
  await host.bridge('sendToolInput', { arguments: args });
  await host.bridge('sendToolResult', result);
}
/**
 * Makes `host` see one refused request and one dialog (from its page: the view's own CSP stops its
 * requests before the host sees them) and one error from the view, each named `tag`, and leaves a
 * global in the view; resolves once the host has recorded them.
 */
async function provoke(host, tag) {
  await host.page.evaluate((t) => fetch(`http://elsewhere.test/${t}`).catch(() => {}), tag);
  await host.page.evaluate((t) => alert(t), tag);
  await host.view.evaluate((t) => {
    console.error(t);
    window.leftOver = t;
  }, tag);
  const deadline = Date.now() + WAIT.timeout;
  while (!host.seen.refused.length || !host.seen.errors.includes(tag)) {
    if (Date.now() > deadline) throw new Error(`${tag}: the host saw ${JSON.stringify(host.seen)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Nothing ran, nothing was fetched, nothing was logged as an error. */
async function assertQuiet(host) {
  for (const frame of host.page.frames()) assert.equal(await frame.evaluate(() => globalThis.__pwned), undefined);
  assert.equal(host.seen.dialogs, 0, 'a dialog opened');
  assert.deepEqual(host.seen.refused, [], 'the view or host asked for something off the host');
  assert.deepEqual(host.seen.errors, []);
  assert.equal(await host.view.evaluate(() => document.querySelectorAll('script').length), 1, 'only the view script');
  assert.equal(host.view.url(), 'about:srcdoc', 'the view navigated away');
}

for (const era of ERAS) {
  const server = await connectServer(era, `${base}/mcp`);
  const label = `${era}`;
  /** A host showing the view as `via` (this era's client, or a fresh one) reads it. */
  const mount = async (options = {}, via = server) => {
    const read = await via.readResource({ uri: VIEW });
    const content = read.contents[0];
    return openHost(browser, bridgeJs, via, content.text, {
      ...DEFAULT,
      csp: content._meta?.ui?.csp,
      hostContext: { theme: 'light', displayMode: 'inline', locale: 'en-GB', platform: 'web' },
      ...options,
    });
  };

  await step(`${label}: the era is the one asked for`, async () => {
    assert.equal(server.negotiated, era);
  });

  // Host pages are kept between mounts (app-host.mjs): a mount on a kept page must start afresh and
  // record only what it sees, or a check could pass or fail on what another mount did.
  if (era === ERAS[0])
    await step(
      'a kept host page starts each mount afresh and records only its own errors, refused requests and dialogs',
      async () => {
        const first = await mount();
        await provoke(first, 'first');
        const firstSeen = JSON.stringify(first.seen);
        await first.context.close();
        const again = await mount();
        try {
          assert.equal(again.page, first.page, 'the host page was not kept');
          assert.deepEqual(again.seen, { errors: [], refused: [], dialogs: 0 });
          assert.equal(await again.view.evaluate(() => typeof window.leftOver), 'undefined');
          await provoke(again, 'again');
          assert.equal(JSON.stringify(first.seen), firstSeen, "the second mount's events reached the first's record");
          assert.deepEqual(again.seen.refused, ['http://elsewhere.test/again']);
          assert.equal(again.seen.dialogs, 1);
          assert.ok(again.seen.errors.includes('again'), JSON.stringify(again.seen.errors));
        } finally {
          await again.context.close();
        }
      },
    );

  await step(
    `${label}: page render: the author's page replaces a neutral placeholder, sized for the host`,
    async () => {
      const host = await mount();
      try {
        const waiting = await visibleText(host.view);
        if (era === '2025-11-25') assert.match(waiting, /Preparing the disclosure\u2026/);
        assert.doesNotMatch(waiting, DEVELOPER);
        const before = await reportedHeight(host, (h) => h > 0);
        const args = { version: V, datachain: realistic };
        const result = await server.callTool('render_datachain', args);
        assert.equal(result.structuredContent.ok, true);
        await push(host, args, result);
        await host.view
          .locator('h1', { hasText: 'Riverton smart traffic cameras' })
          .waitFor({ state: 'visible', ...WAIT });
        assert.equal(await host.view.locator('article.card').count(), 15);
        const after = await reportedHeight(host, (h) => h > DEFAULT.height && h !== before);
        assert.ok(after > before, `height ${before} -> ${after}`);
        assert.equal(await host.frameHeight(), DEFAULT.maxHeight, 'the host follows the reported height');
        const link = result.content.find((c) => c.type === 'resource_link');
        assert.deepEqual((await host.log()).reads, [link.uri]);
        await assertQuiet(host);
      } finally {
        await host.context.close();
      }
    },
  );

  await step(
    `${label}: a new call's input replaces the page the view was read with by the preparing state`,
    async () => {
      const args = { version: V, datachain: realistic };
      const result = await server.callTool('render_datachain', args);
      const host = await mount();
      try {
        // A 2025 session's view is its last page (the render just made); a 2026-07-28 one's the placeholder.
        if (era === '2025-11-25')
          await host.view.locator('h1', { hasText: 'Riverton smart traffic cameras' }).waitFor(WAIT);
        await host.bridge('sendToolInput', { arguments: args });
        await host.view.waitForFunction(
          () => document.body.innerText.trim() === 'Preparing the disclosure\u2026',
          null,
          WAIT,
        );
        assert.equal(await host.view.evaluate(() => document.title), 'Preparing the disclosure\u2026');
        await host.bridge('sendToolResult', result);
        await host.view.locator('h1', { hasText: 'Riverton smart traffic cameras' }).waitFor(WAIT);
        // The result names the page the 2025 view was read with: shown again, not read (a host
        // without serverResources could not read it); the 2026-07-28 view had only the placeholder.
        const link = result.content.find((c) => c.type === 'resource_link');
        assert.deepEqual((await host.log()).reads, era === '2025-11-25' ? [] : [link.uri]);
        assert.equal(await host.view.locator('article.card').count(), 15);
        await assertQuiet(host);
      } finally {
        await host.context.close();
      }
    },
  );

  await step(`${label}: once torn down, the view takes no further result and reads nothing`, async () => {
    const args = { version: V, datachain: realistic };
    const result = await server.callTool('render_datachain', args);
    const host = await mount();
    try {
      await host.bridge('sendToolInput', { arguments: args });
      await host.view.locator('h1', { hasText: 'Preparing the disclosure\u2026' }).waitFor(WAIT);
      assert.deepEqual(await host.bridge('teardownResource', {}), {});
      await host.bridge('sendToolResult', result);
      await host.bridge('sendToolCancelled', {});
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual((await host.log()).reads, [], 'a result after teardown was read');
      assert.equal(await host.view.locator('h1').first().textContent(), 'Preparing the disclosure\u2026');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: in-page links scroll inside the srcdoc frame; external links go to ui/open-link`, async () => {
    const host = await mount();
    try {
      const args = { version: V, datachain: realistic };
      await push(host, args, await server.callTool('render_datachain', args));
      await host.view.locator('nav.toc a').first().waitFor(WAIT);
      const fragments = ['nav.toc a', 'sup.cite a', '.glance a[href^="#"]'];
      let jumped = 0;
      for (const selector of fragments) {
        const links = host.view.locator(selector);
        if ((await links.count()) === 0) continue;
        const link = links.last();
        const id = (await link.getAttribute('href')).slice(1);
        await host.view.evaluate(() => scrollTo(0, 0));
        await link.click();
        // The target is scrolled to the top of the frame, or as near as the document's end allows.
        await host.view.waitForFunction(
          (target) => {
            const top = document.getElementById(target).getBoundingClientRect().top;
            const end = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
            return scrollY > 0 && top > -2 && (top < 4 || (end && top < innerHeight));
          },
          id,
          WAIT,
        );
        assert.equal(host.view.url(), 'about:srcdoc', `${selector}: the view navigated`);
        assert.equal(await host.view.locator('h1').first().textContent(), 'Riverton smart traffic cameras');
        jumped++;
      }
      assert.ok(jumped >= 2, `only ${jumped} kinds of in-page link found`);
      const external = [];
      for (const scheme of ['https:', 'mailto:', 'tel:']) {
        const link = host.view.locator(`a[href^="${scheme}"]`).first();
        if ((await link.count()) === 0) continue;
        external.push(await link.getAttribute('href'));
        await link.click();
      }
      assert.ok(external.length >= 2, `external links found: ${external}`);
      await host.page.waitForFunction((n) => window.hostLog.links.length >= n, external.length, WAIT);
      assert.deepEqual(
        (await host.log()).links.map((u) => decodeURI(u)),
        external.map((u) => decodeURI(new URL(u).href)),
      );
      assert.equal(host.context.pages().length, 1, 'a link opened a window');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: the host theme and colours win over the reader's system preference`, async () => {
    const host = await mount({ colorScheme: 'dark' });
    try {
      assert.equal(await bodyBackground(host.view), LIGHT_BG, 'before any render, host light, system dark');
      const args = { version: V, datachain: realistic };
      await push(host, args, await server.callTool('render_datachain', args));
      await host.view.locator('article.card').first().waitFor(WAIT);
      await assertScheme(host.view, 'light', 'page, host light, system dark');
      await host.bridge('setHostContext', { theme: 'dark' });
      await assertScheme(host.view, 'dark', 'host dark, system dark');
      await host.page.emulateMedia({ media: 'print' });
      await assertScheme(host.view, 'print', 'host dark, printed');
      await host.page.emulateMedia({ media: 'screen' });
      await host.bridge('setHostContext', { theme: 'light' });
      await assertScheme(host.view, 'light', 'host back to light, system dark');
      await host.bridge('setHostContext', {
        theme: 'light',
        styles: { variables: { '--color-background-primary': 'rgb(1, 2, 3)', '--font-sans': 'monospace' } },
      });
      await host.view.waitForFunction(
        () => getComputedStyle(document.body).backgroundColor === 'rgb(1, 2, 3)',
        null,
        WAIT,
      );
      assert.equal(await host.view.evaluate(() => getComputedStyle(document.body).fontFamily), 'monospace');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: host colours stay through a theme change sent as a partial update`, async () => {
    const styles = {
      variables: {
        '--color-background-primary': 'light-dark(#fff8e1,#2b2000)',
        '--color-text-primary': 'light-dark(#3b2f00,#ffe9a8)',
        '--font-sans': 'serif',
      },
    };
    const context = { theme: 'light', displayMode: 'inline', locale: 'en-GB', platform: 'web', styles };
    const host = await mount({ colorScheme: 'light', hostContext: context });
    const colours = () =>
      host.view.evaluate(() => {
        const s = getComputedStyle(document.body);
        return [s.backgroundColor, s.color, s.fontFamily];
      });
    const seen = async (want, why) => {
      // Failing, it says what it saw.
      await host.view
        .waitForFunction((w) => getComputedStyle(document.body).backgroundColor === w, want[0], WAIT)
        .catch(() => {});
      assert.deepEqual(await colours(), want, why);
    };
    try {
      const args = { version: V, datachain: realistic };
      await push(host, args, await server.callTool('render_datachain', args));
      await host.view.locator('article.card').first().waitFor(WAIT);
      await seen(['rgb(255, 248, 225)', 'rgb(59, 47, 0)', 'serif'], 'host light, its colours');
      // AppBridge sends only what changed: { theme: 'dark' }.
      await host.bridge('setHostContext', { ...context, theme: 'dark' });
      await seen(['rgb(43, 32, 0)', 'rgb(255, 233, 168)', 'serif'], 'host dark, the same colours');
      // New styles replace the old whole: a variable they leave out is the page's again.
      await host.bridge('setHostContext', {
        ...context,
        theme: 'dark',
        styles: { variables: { '--font-sans': 'monospace' } },
      });
      await host.view.waitForFunction(() => getComputedStyle(document.body).fontFamily === 'monospace', null, WAIT);
      await assertScheme(host.view, 'dark', 'host dark, its colours withdrawn');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(
    `${label}: the preparing state speaks the host's language, then the call's, and nothing else`,
    async () => {
      // A fresh client: in a 2025 session that has rendered, the view is its last page, not the placeholder.
      const fresh = await connectServer(era, `${base}/mcp`);
      const host = await mount(
        { hostContext: { theme: 'light', displayMode: 'inline', locale: 'fr-CA', platform: 'web' } },
        fresh,
      );
      const shown = () => host.view.evaluate(() => [document.documentElement.lang, document.body.innerText.trim()]);
      try {
        await host.view.waitForFunction(() => document.documentElement.lang === 'fr', null, WAIT);
        assert.deepEqual(await shown(), ['fr', 'Pr\u00e9paration de la fiche\u2026']);
        await host.bridge('sendToolInput', {
          arguments: { version: 'dtpr@2026-09-01-beta', datachain: realistic, locale: 'es' },
        });
        await host.view.waitForFunction(() => document.documentElement.lang === 'es', null, WAIT);
        assert.deepEqual(
          await shown(),
          ['es', 'Preparando la ficha\u2026'],
          'every word in Spanish, none of an AI system',
        );
        await assertQuiet(host);
      } finally {
        await host.context.close();
        await fresh.close();
      }
    },
  );

  await step(`${label}: each call's language is its own: locales[0] when it has no locale`, async () => {
    const host = await mount();
    try {
      await host.bridge('sendToolInput', { arguments: { version: V, datachain: realistic, locale: 'de' } });
      await host.view.locator('h1', { hasText: 'Die Angaben werden vorbereitet\u2026' }).waitFor(WAIT);
      const args = {
        version: V,
        datachain: { elements: 'not a list' },
        format: 'sign',
        link: LINK,
        locales: ['fr', 'en'],
      };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, false);
      await push(host, args, result);
      await host.view
        .locator('h1', { hasText: 'Cette fiche ne peut pas encore \u00eatre affich\u00e9e' })
        .waitFor(WAIT);
      assert.equal(await host.view.evaluate(() => document.documentElement.lang), 'fr');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(
    `${label}: with no locale from the host or the call, the next call is English, not the last page's language`,
    async () => {
      const host = await mount({ hostContext: { theme: 'light', displayMode: 'inline', platform: 'web' } });
      try {
        const args = { version: V, datachain: realistic, locale: 'fr' };
        await push(host, args, await server.callTool('render_datachain', args));
        await host.view.waitForFunction(
          () => document.documentElement.lang === 'fr' && !!document.querySelector('section.cat'),
          null,
          WAIT,
        );
        await host.bridge('sendToolInput', { arguments: { version: V, datachain: realistic } });
        await host.view.locator('h1', { hasText: 'Preparing the disclosure\u2026' }).waitFor(WAIT);
        assert.equal(await host.view.evaluate(() => document.documentElement.lang), 'en');
        await assertQuiet(host);
      } finally {
        await host.context.close();
      }
    },
  );

  await step(`${label}: a dark host on a light system shows the dark page and dark-screen icons`, async () => {
    const host = await mount({
      colorScheme: 'light',
      hostContext: { theme: 'dark', displayMode: 'inline', locale: 'en-GB', platform: 'web' },
    });
    try {
      const args = { version: V, datachain: realistic };
      await push(host, args, await server.callTool('render_datachain', args));
      await host.view.locator('article.card').first().waitFor(WAIT);
      await assertScheme(host.view, 'dark', 'host dark, system light');
      await host.bridge('setHostContext', { theme: 'light' });
      await assertScheme(host.view, 'light', 'host light, system light');
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: sign render: the sign shows, not the placeholder`, async () => {
    const host = await mount();
    try {
      const before = await reportedHeight(host, (h) => h > 0);
      const args = { version: V, datachain: realistic, format: 'sign', link: LINK };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, true);
      await push(host, args, result);
      const sign = host.view.locator('img.view-sign');
      await sign.waitFor({ state: 'visible', ...WAIT });
      await host.view.waitForFunction(() => document.querySelector('img.view-sign').naturalWidth > 0, null, WAIT);
      const box = await sign.boundingBox();
      assert.ok(box.width > 400 && box.height > 400, `sign box ${JSON.stringify(box)}`);
      assert.match(await sign.getAttribute('alt'), /Riverton smart traffic cameras/);
      const text = await visibleText(host.view);
      assert.doesNotMatch(text, /Preparing the disclosure/);
      assert.doesNotMatch(text, DEVELOPER);
      await reportedHeight(host, (h) => h > DEFAULT.height && h !== before);
      // The result carries the sign whole: it is shown without a read.
      assert.deepEqual((await host.log()).reads, []);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(
    `${label}: a host that never answers a read: the view says the page is not available, within its wait`,
    async () => {
      const read = await server.readResource({ uri: VIEW });
      const content = read.contents[0];
      const stalled = { readResource: () => new Promise(() => {}) };
      const host = await openHost(browser, bridgeJs, stalled, content.text, {
        ...DEFAULT,
        csp: content._meta?.ui?.csp,
        hostContext: { theme: 'light', displayMode: 'inline', locale: 'en-GB', platform: 'web' },
      });
      try {
        // A page this session has not rendered before, so the view holds none it could show at once.
        const unseen = { ...realistic, title: [{ locale: 'en', value: `Never read (${era})` }] };
        const args = { version: V, datachain: unseen };
        const result = await server.callTool('render_datachain', args);
        await push(host, args, result);
        await host.view.waitForFunction(() => /Preparing the disclosure/.test(document.body.innerText), null, WAIT);
        // The view gives up on the read after 20 s.
        await host.view.waitForFunction(() => !/Preparing the disclosure/.test(document.body.innerText), null, {
          timeout: 45_000,
        });
        assert.match(await visibleText(host.view), /not available/);
      } finally {
        await host.context.close();
      }
    },
  );

  await step(`${label}: invalid datachain: a reader's sentence, no codes, no placeholder`, async () => {
    const host = await mount();
    try {
      const bad = structuredClone(realistic);
      bad.elements = [{ element_id: 'no_such_element_here' }, ...bad.elements];
      const args = { version: V, datachain: bad };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, false);
      await push(host, args, result);
      await host.view.locator('h1', { hasText: 'cannot be shown yet' }).waitFor(WAIT);
      const text = await visibleText(host.view);
      assert.match(text, /need to correct its description first: it mentions something the DTPR vocabulary/);
      assert.doesNotMatch(text, /will appear here|no_such_element_here/);
      assert.doesNotMatch(text, DEVELOPER);
      for (const e of result.structuredContent.errors) assert.ok(!text.includes(e.code), e.code);

      const missing = structuredClone(realistic);
      delete missing.elements;
      const noElements = { version: V, datachain: missing };
      const refused = await server.callTool('render_datachain', noElements);
      assert.equal(refused.structuredContent.errors[0].code, 'parse_error');
      await push(host, noElements, refused);
      await host.view.locator('p', { hasText: 'something it must say is missing' }).waitFor(WAIT);
      const told = await visibleText(host.view);
      assert.doesNotMatch(told, /not written in the expected form|elements|Missing required/);
      assert.deepEqual((await host.log()).reads, []);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  // A 2025 session has rendered pages in the steps above, so its view is the last of them; the
  // view of a 2026-07-28 call, without a session, is always the placeholder: only that era is checked.
  if (era !== '2025-11-25')
    await step(
      `${label}: while a render asked for in French is on its way, the placeholder says so in French`,
      async () => {
        const host = await mount();
        try {
          await host.view.locator('h1', { hasText: 'Preparing the disclosure\u2026' }).waitFor(WAIT);
          await host.bridge('sendToolInput', { arguments: { version: V, datachain: realistic, locale: 'fr' } });
          await host.view.locator('h1', { hasText: 'Préparation de la fiche\u2026' }).waitFor(WAIT);
          assert.equal(await host.view.evaluate(() => document.documentElement.lang), 'fr');
          await assertQuiet(host);
        } finally {
          await host.context.close();
        }
      },
    );

  await step(`${label}: a failed render asked for in French is told in French`, async () => {
    const host = await mount();
    try {
      const args = { version: V, datachain: { elements: 'not a list' }, locale: 'fr' };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, false);
      await push(host, args, result);
      await host.view.locator('h1', { hasText: 'ne peut pas encore être affichée' }).waitFor(WAIT);
      assert.equal(await host.view.evaluate(() => document.documentElement.lang), 'fr');
      const text = await visibleText(host.view);
      assert.match(text, /certains détails ne sont pas écrits sous la forme attendue\.$/);
      assert.doesNotMatch(text, DEVELOPER);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: a failed render asked for in zh-TW is told in Traditional Chinese`, async () => {
    const host = await mount();
    try {
      const args = { version: 'dtpr@2026-09-01-beta', datachain: { elements: 'not a list' }, locale: 'zh-TW' };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, false);
      await push(host, args, result);
      await host.view.locator('h1', { hasText: '本說明暫時無法顯示' }).waitFor(WAIT);
      assert.equal(await host.view.evaluate(() => document.documentElement.lang), 'zh-Hant');
      assert.match(await visibleText(host.view), /部分細節未依規定格式填寫/);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: a hard error (isError) says try again later, not that the author must correct it`, async () => {
    const host = await mount();
    try {
      const args = { version: V, datachain: realistic, format: 'poster' };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent.ok, false);
      await push(host, args, result);
      await host.view.locator('h1', { hasText: 'This disclosure is not available' }).waitFor(WAIT);
      const text = await visibleText(host.view);
      assert.match(text, /could not be loaded\. Please try again later\./);
      assert.doesNotMatch(text, /correct its description|cannot be shown yet|poster/);
      assert.doesNotMatch(text, DEVELOPER);
      assert.deepEqual((await host.log()).reads, []);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await step(`${label}: a hostile datachain runs nothing, through its links or its errors`, async () => {
    const host = await mount();
    try {
      const dc = hostileCopy(realistic, hostile);
      dc.title = [{ locale: 'en', value: hostile[0] }];
      const args = { version: V, datachain: dc };
      const result = await server.callTool('render_datachain', args);
      assert.equal(result.structuredContent.ok, true, JSON.stringify(result.structuredContent.errors));
      await push(host, args, result);
      await host.view.waitForFunction((t) => document.title === t, hostile[0], WAIT);
      await host.view.locator('body').hover();
      assert.equal(await host.view.evaluate(() => document.querySelectorAll('iframe,object,embed').length), 0);
      const links = await host.view.locator('a[href]').all();
      for (const link of links.slice(0, 25)) await link.click({ force: true });
      const opened = (await host.log()).links;
      for (const url of opened) assert.match(url, /^(https?|mailto|tel):/, url);
      await assertQuiet(host);

      const bad = hostileCopy(realistic, hostile);
      bad.elements = [{ element_id: hostile[0] }, ...bad.elements];
      const failed = await server.callTool('render_datachain', { version: V, datachain: bad });
      assert.equal(failed.structuredContent.ok, false);
      await push(host, { version: V, datachain: bad }, failed);
      await host.view.locator('h1', { hasText: 'cannot be shown yet' }).waitFor(WAIT);
      const text = await visibleText(host.view);
      for (const s of hostile) assert.ok(!text.includes(s.trim()) || s.trim().length < 4, `hostile text shown: ${s}`);
      await assertQuiet(host);
    } finally {
      await host.context.close();
    }
  });

  await server.close();
}

await browser.close();
finish({ exit: true });
