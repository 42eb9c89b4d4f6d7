import { XMLParser, XMLValidator } from 'fast-xml-parser';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { fetchWorker, postMcp } from '../helpers/http.js';
import { HOSTILE, hostileDatachain, REALISTIC } from '../helpers/hostile.js';
import { call } from '../helpers/tools.js';

const V = 'ai@2026-08-12';
const SIGN = 'ui://dtpr/datachain/sign.svg';
const VIEW = 'ui://dtpr/datachain/view.html';
const LINK = 'https://riverton.example.org/ai/traffic-cameras?from=sign&lang=en';
const session = (name: string) => ({ 'mcp-session-id': `${name}-${crypto.randomUUID()}` });
const ELEMENTS = new Set(['svg', 'title', 'desc', 'rect', 'path', 'text', 'tspan', 'g', 'image', 'line']);

async function read(uri: string, h: Record<string, string>) {
  const r = await postMcp({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } }, h);
  return r.json.result.contents[0] as { uri: string; mimeType: string; text: string };
}

/** Every element name in a parsed document (fast-xml-parser's preserveOrder form). */
function elementNames(nodes: any[], out = new Set<string>()): Set<string> {
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ':@' || key === '#text' || key === '?xml') continue;
      out.add(key);
      elementNames(node[key], out);
    }
  }
  return out;
}

/** Draws the sign's QR path (runs "M x y h n v1 h-n z", quiet zone of 4) into pixels and decodes them. */
function decodeQr(svg: string): string | undefined {
  const size = Number(/<rect width="(\d+)" height="\1" fill="#fff"><\/rect><path d="/.exec(svg)![1]);
  const d = /<path d="([^"]+)" transform="translate\(4 4\)"/.exec(svg)![1]!;
  const k = 6;
  const w = size * k;
  const px = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let yy = (Number(y) + 4) * k; yy < (Number(y) + 5) * k; yy++) {
      for (let xx = (Number(x) + 4) * k; xx < (Number(x) + 4 + Number(n)) * k; xx++)
        px.fill(0, (yy * w + xx) * 4, (yy * w + xx) * 4 + 3);
    }
  }
  return jsQR(px, w, w)?.data;
}

describe('render_datachain format "sign"', () => {
  it('answers the SVG as an embedded resource, stores it under its own resource, and leaves the page alone', async () => {
    const h = session('sign');
    const { result, env: e } = await call(
      'render_datachain',
      { version: V, datachain: REALISTIC, format: 'sign', link: LINK },
      false,
      h,
    );
    // The one warning: the sign shows one row of its nine icons and names the five it leaves out.
    expect(e).toMatchObject({
      ok: true,
      data: {
        resource_uri: SIGN,
        element_count: 15,
        warnings: [
          {
            code: 'sign_incomplete',
            path: 'elements',
            message: expect.stringContaining('leaves out 5 of its 9 answer icons'),
          },
        ],
      },
    });
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(`as a sign`) });
    const block = (result.content as any[])[1];
    expect(block).toMatchObject({ type: 'resource', resource: { uri: SIGN, mimeType: 'image/svg+xml' } });
    const svg = block.resource.text as string;
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('<desc id="sign-desc">Cameras at 40 intersections count vehicles');
    // The three answers: what it does, whether it can identify you, who runs it and how to reach them.
    const printed = [...svg.matchAll(/<tspan [^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ');
    for (const text of [
      'What it does',
      'Cameras at 40 intersections count vehicles, cyclists and pedestrians to retime traffic lights.',
      'Can it identify you?',
      'Indirectly.',
      'Run by City of Riverton, Transport Department',
      'privacy@riverton.example.org',
      '+1 555 0100',
    ])
      expect(printed).toContain(text);
    expect(printed).not.toContain('\u2026');
    expect(svg).toContain('viewBox="0 0 840 ');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")[^"<]*"/);
    expect(decodeQr(svg)).toBe(LINK);
    expect(await read(SIGN, h)).toEqual({ uri: SIGN, mimeType: 'image/svg+xml', text: svg });
    expect((await read(VIEW, h)).text).toContain('<title>Preparing the disclosure\u2026</title>');
  });

  it("says who decides only from the parts that decide or act, as the page's verdict does", async () => {
    // Only a sensing part, which the author tagged "Human decides": no part decides, on the page
    // and on the sign alike (the sign used to answer from the sensing part's tag).
    const sensingOnly = {
      ...REALISTIC,
      elements: REALISTIC.elements
        .filter((e: any) => e.element_id !== 'analytical_mode')
        .map((e: any) => (e.element_id === 'perceptive_mode' ? { ...e, context_type_id: 'human_decides' } : e)),
    };
    const h = session('decides');
    await call('render_datachain', { version: V, datachain: sensingOnly, format: 'sign', link: LINK }, false, h);
    const sign = (await read(SIGN, h)).text;
    expect(sign).toContain('It makes no decision');
    expect(sign).not.toContain('Human decides');
    await call('render_datachain', { version: V, datachain: sensingOnly }, false, h);
    const page = (await read(VIEW, h)).text;
    const row = page.slice(page.indexOf('Does a person make the final decision?'));
    expect(row.slice(0, row.indexOf('</dd>'))).toContain('It makes no decision.');
    expect(row.slice(0, row.indexOf('</dd>'))).not.toContain('Human decides');

    // A part that decides: the sign names its value, as before.
    await call('render_datachain', { version: V, datachain: REALISTIC, format: 'sign', link: LINK }, false, h);
    expect((await read(SIGN, h)).text).toContain('Human decides');
  });

  it('tells every verdict of the page on the sign too: not stated, it depends', async () => {
    const modes = (...placed: Array<[string, string | undefined]>) => ({
      ...REALISTIC,
      authoring_provenance: { kind: 'human' },
      elements: [
        ...REALISTIC.elements.filter((e: any) => !['perceptive_mode', 'analytical_mode'].includes(e.element_id)),
        ...placed.map(([element_id, context]) => ({ element_id, ...(context ? { context_type_id: context } : {}) })),
      ],
    });
    const h = session('verdicts');
    for (const [datachain, page, sign] of [
      [modes(['analytical_mode', 'autonomous'], ['agentic_mode', undefined]), 'Not stated.', 'Not stated'],
      [modes(['analytical_mode', undefined]), 'Not stated.', 'Not stated'],
      [modes(['analytical_mode', 'human_decides'], ['physical_mode', 'autonomous']), 'It depends.', 'It depends'],
    ] as const) {
      await call('render_datachain', { version: V, datachain, format: 'sign', link: LINK }, false, h);
      const svg = (await read(SIGN, h)).text;
      expect(svg).toContain(`>${sign}<`);
      expect(svg).not.toContain('Decides on its own');
      await call('render_datachain', { version: V, datachain }, false, h);
      const html = (await read(VIEW, h)).text;
      const row = html.slice(html.indexOf('Does a person make the final decision?'));
      expect(row.slice(0, row.indexOf('</dd>'))).toContain(`<strong>${page}</strong>`);
    }
  });

  it('prints the link without its scheme, and a long link wraps at its delimiters', async () => {
    const link = `https://riverton.example.org/${'segment/'.repeat(6)}end`;
    const h = session('sign-link');
    const { result } = await call(
      'render_datachain',
      { version: V, datachain: REALISTIC, format: 'sign', link, locale: 'fr' },
      false,
      h,
    );
    const svg = (result.content as any[])[1].resource.text as string;
    const printed = [...svg.matchAll(/<tspan x="[\d.]+" dy="[\d.]+">([^<]*)<\/tspan>/g)].map((m) => m[1]).join('');
    expect(printed).toContain(link.replace('https://', ''));
    expect(svg).toContain('lang="fr"');
    expect(decodeQr(svg)).toBe(link);
  });

  it('encodes a link holding non-ASCII text, or a lone surrogate, as UTF-8 (U+FFFD for the surrogate)', async () => {
    const cases: Array<[string, string]> = [
      ['https://riverton.example.org/caméras', 'https://riverton.example.org/caméras'],
      ['https://riverton.example.org/a\ud800b', 'https://riverton.example.org/a\ufffdb'],
    ];
    for (const [link, decoded] of cases) {
      const h = session(`sign-utf8-${decoded.length}`);
      const { result } = await call(
        'render_datachain',
        { version: V, datachain: REALISTIC, format: 'sign', link },
        false,
        h,
      );
      expect(decodeQr((result.content as any[])[1].resource.text as string)).toBe(decoded);
    }
  });

  it('escapes hostile text and XML-forbidden characters: the sign parses and holds only drawing elements', async () => {
    const dc = hostileDatachain();
    dc.elements[2].variables[0].value = [
      { locale: 'en', value: `Bad\u0001name\u001b <script>window.__pwned=1</script> \uD800 ]]>` },
    ];
    const h = session('sign-hostile');
    const { result, env: e } = await call(
      'render_datachain',
      { version: V, datachain: dc, format: 'sign', link: LINK },
      false,
      h,
    );
    expect(e.ok).toBe(true);
    const svg = (result.content as any[])[1].resource.text as string;
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ preserveOrder: true, ignoreAttributes: false, processEntities: true }).parse(svg);
    expect([...elementNames(doc)].filter((n) => !ELEMENTS.has(n))).toEqual([]);
    for (const tag of svg.matchAll(/<[a-zA-Z][^>]*>/g)) expect(tag[0]).not.toMatch(/\son[a-z]+\s*=/i);
    expect(svg).toContain('Badname &lt;script&gt;');
    for (const href of svg.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(HOSTILE.filter((s) => s.includes('<')).some((s) => svg.includes(s))).toBe(false);
  });

  it('refuses a sign without a link, and any link that is not http(s)', async () => {
    const missing = await call('render_datachain', { version: V, datachain: REALISTIC, format: 'sign' }, true);
    expect(missing.env.errors).toEqual([
      expect.objectContaining({
        code: 'invalid_arguments',
        path: 'link',
        fix_hint: expect.stringContaining('https://'),
      }),
    ]);
    for (const link of [
      'javascript:alert(1)',
      'ftp://example.org/x',
      'https://exa mple.org',
      'example.org/x',
      'https://\u0000x.org',
    ]) {
      const bad = await call('render_datachain', { version: V, datachain: REALISTIC, format: 'sign', link }, true);
      expect(bad.env.errors, link).toEqual([
        expect.objectContaining({ code: 'invalid_arguments', path: 'link', fix_hint: expect.any(String) }),
      ]);
    }
    const long = await call(
      'render_datachain',
      { version: V, datachain: REALISTIC, format: 'sign', link: `https://example.org/${'x'.repeat(600)}` },
      true,
    );
    expect(long.env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'link' });
    const format = await call('render_datachain', { version: V, datachain: REALISTIC, format: 'poster' }, true);
    expect(format.env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'format' });
  });

  it('reads a placeholder before the first sign, and DELETE /mcp clears the sign with the page', async () => {
    const h = session('sign-slot');
    expect(await read(SIGN, h)).toMatchObject({
      mimeType: 'image/svg+xml',
      text: expect.stringContaining('DTPR sign (awaiting tool call)'),
    });
    expect(XMLValidator.validate((await read(SIGN, h)).text)).toBe(true);
    await call('render_datachain', { version: V, datachain: REALISTIC, format: 'sign', link: LINK }, false, h);
    await call('render_datachain', { version: V, datachain: REALISTIC }, false, h);
    expect((await read(SIGN, h)).text).toContain('Riverton');
    expect((await read(VIEW, h)).text).toContain('Riverton');
    expect((await fetchWorker('/mcp', { method: 'DELETE', headers: h })).status).toBe(204);
    expect((await read(SIGN, h)).text).toContain('awaiting tool call');
    expect((await read(VIEW, h)).text).toContain('<title>Preparing the disclosure\u2026</title>');
  });
});
