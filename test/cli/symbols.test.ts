import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeContent, fixedColours, viewBoxProblem, wrapperProblem } from '../../cli/rules/svg-hardening.js';
import { makeFixture, SAFE_SVG, type Fixture } from './fixture.js';

/** A symbol around `body`, its root's fill `none` as every shipped symbol's is. */
const wrap = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" fill="none">${body}</svg>`;
const bare = (body: string): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36">${body}</svg>`;

const ACTIVE: [string, string][] = [
  ['script', wrap('<script>alert(1)</script>')],
  ['style', wrap('<style>path{fill:red}</style>')],
  ['foreignObject', wrap('<foreignObject><div/></foreignObject>')],
  ['animate', wrap('<circle r="3"><animate attributeName="r" to="9"/></circle>')],
  ['set', wrap('<circle r="3"><set attributeName="r" to="9"/></circle>')],
  ['animateMotion', wrap('<circle r="3"><animateMotion path="M0 0"/></circle>')],
  ['animateTransform', wrap('<g><animateTransform attributeName="transform"/></g>')],
  ['event handler', wrap('<circle r="3" onclick="x()"/>')],
  ['event handler on the root', '<svg viewBox="0 0 36 36" onload="x()"><path d="M0 0"/></svg>'],
  ['external href', wrap('<a href="https://example.org"><path d="M0 0"/></a>')],
  ['external xlink:href', wrap('<use xlink:href="other.svg#a"/>')],
  ['data: href', wrap('<image href="data:image/png;base64,AAAA"/>')],
  ['javascript: href', wrap('<a href=\'javascript:x()\'><path d="M0 0"/></a>')],
  ['empty href', wrap('<use href=""/>')],
  ['external url()', wrap('<path d="M0 0" fill="url(https://example.org/p.svg#g)"/>')],
  ['DOCTYPE', `<svg viewBox="0 0 36 36"><!DOCTYPE svg>${'<path d="M0 0"/>'}</svg>`],
  ['ENTITY', wrap('<!ENTITY x "boom">')],
];

const MALFORMED: [string, string][] = [
  ['byte-order mark', `\uFEFF${SAFE_SVG}`],
  ['XML prolog', `<?xml version="1.0"?>\n${SAFE_SVG}`],
  ['leading comment', `<!-- drawn by hand -->\n${SAFE_SVG}`],
  ['not svg', '<g><path d="M0 0"/></g>'],
  ['trailing text', `${SAFE_SVG}trailing`],
];

describe('symbol hardening', () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = makeFixture();
  });
  afterEach(() => fx.cleanup());

  it.each(ACTIVE)('symbol_active_content: %s', (_name, text) => {
    fx.writeText('symbols/health.svg', text);
    const hits = fx.validate().filter((f) => f.code === 'symbol_active_content');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ severity: 'error', file: 'symbols/health.svg', path: '' });
    expect(hits[0]?.message).toMatch(/^line \d+: /);
  });

  it.each(MALFORMED)('symbol_malformed_wrapper: %s', (_name, text) => {
    fx.writeText('symbols/health.svg', text);
    const hits = fx.validate().filter((f) => f.code === 'symbol_malformed_wrapper');
    expect(hits).toEqual([expect.objectContaining({ severity: 'error', file: 'symbols/health.svg', path: '' })]);
  });

  it('checks unused symbols too', () => {
    fx.writeText('symbols/unused_extra.svg', wrap('<script/>'));
    expect(fx.validate().map((f) => [f.code, f.file])).toEqual([['symbol_active_content', 'symbols/unused_extra.svg']]);
  });

  it('reports one finding per hit, with its line', () => {
    expect(activeContent('<svg>\n<script/>\n<style/>\n<path onclick="x"/></svg>')).toEqual([
      { line: 2, what: '<script> element' },
      { line: 3, what: '<style> element' },
      { line: 4, what: 'event-handler attribute onclick' },
    ]);
  });

  it.each([
    [
      'no viewBox',
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0" stroke="currentColor"/></svg>',
      /has no viewBox/,
    ],
    ['a 24 box', '<svg viewBox="0 0 24 24"><path d="M0 0" stroke="currentColor"/></svg>', /viewBox="0 0 24 24"/],
  ])('symbol_viewbox_wrong: %s', (_name, text, message) => {
    fx.writeText('symbols/health.svg', text);
    const hits = fx.validate().filter((f) => f.code === 'symbol_viewbox_wrong');
    expect(hits).toEqual([expect.objectContaining({ severity: 'error', file: 'symbols/health.svg', path: '' })]);
    expect(hits[0]?.message).toMatch(message);
  });

  it.each([
    ['a fill attribute', wrap('<path d="M0 0" fill="#ff0000"/>'), 'fill="#ff0000"'],
    ['a stroke attribute', wrap("<path d='M0 0' stroke='black'/>"), 'stroke="black"'],
    ['a style property', wrap('<path d="M0 0" style="stroke-width:2; fill: red"/>'), 'fill="red"'],
    [
      'a color that currentColor would read',
      wrap('<g color="#123456"><path d="M0 0" stroke="currentColor"/></g>'),
      'color="#123456"',
    ],
    [
      'a gradient stop',
      wrap('<linearGradient id="g"><stop stop-color="#f00"/></linearGradient><path d="M0 0" fill="url(#g)"/>'),
      'stop-color="#f00"',
    ],
    ['an important style', wrap('<path d="M0 0" style="fill:blue !important"/>'), 'fill="blue"'],
    [
      'a shape with no fill on it or above it',
      bare('<g stroke="currentColor"><path d="M0 0"/></g><g fill="currentColor"><rect/></g>'),
      '<path> with no fill on it or above it (painted black by default)',
    ],
    [
      'a use with no fill, outside the unpainted definitions',
      bare('<defs><path id="a" d="M0 0"/></defs><clipPath id="c"><rect/></clipPath><use href="#a"/>'),
      '<use> with no fill on it or above it (painted black by default)',
    ],
  ])('symbol_fixed_color: %s', (_name, text, what) => {
    fx.writeText('symbols/health.svg', text);
    const hits = fx.validate().filter((f) => f.code === 'symbol_fixed_color');
    expect(hits).toEqual([expect.objectContaining({ severity: 'error', file: 'symbols/health.svg', path: '' })]);
    expect(hits[0]?.message).toBe(`line 1: ${what} is a fixed colour.`);
  });

  it('the shipped symbols are all drawn in the box and in colours the compositor sets', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    let count = 0;
    for (const type of readdirSync('schemas', { withFileTypes: true }).filter((d) => d.isDirectory()))
      for (const release of readdirSync(`schemas/${type.name}`))
        for (const file of readdirSync(`schemas/${type.name}/${release}/symbols`)) {
          const text = readFileSync(`schemas/${type.name}/${release}/symbols/${file}`, 'utf8');
          expect([viewBoxProblem(text), fixedColours(text)], file).toEqual([undefined, []]);
          count += 1;
        }
    expect(count).toBeGreaterThan(500);
  });

  it('finds black by default past comments and into patterns, not through a use of a filled definition', () => {
    const passes = bare(
      '<!-- <path d="M0 0"/> --><defs><path id="p" d="M0 0" fill="none" stroke="currentColor"/></defs>' +
        '<use href="#p"/><g fill="currentColor"><!-- </g> --><rect/></g>',
    );
    expect(fixedColours(passes)).toEqual([]);
    const fails = bare('<g aria-label="fill=none"><pattern id="q"><circle r="1"/></pattern></g>');
    expect(fixedColours(fails).map((h) => h.what)).toEqual([
      '<circle> with no fill on it or above it (painted black by default)',
    ]);
  });

  it('accepts local fragments, gradients and ordinary words', () => {
    const text = wrap(
      '<defs><linearGradient id="g"/></defs><use href="#a"/><use xlink:href="#b"/>' +
        '<path d="M0 0" fill="url(#g)" stroke="currentColor"/><metadata>metadata: none; settings</metadata>',
    );
    expect(activeContent(text)).toEqual([]);
    expect(fixedColours(text)).toEqual([]);
    expect(
      fixedColours(
        wrap(
          '<path d="M0 0" fill-opacity="0.5" fill-rule="evenodd" stroke-width="2" fill="transparent" ' +
            'style="stroke:currentColor !important"/><stop stop-color="currentColor"/>',
        ),
      ),
    ).toEqual([]);
    expect(viewBoxProblem(text)).toBeUndefined();
    expect(wrapperProblem(`  \n${text}\n`)).toBeUndefined();
  });
});
