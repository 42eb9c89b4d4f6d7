import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/domain/content.js';
import {
  composeIcon,
  DARK_COLORS,
  DEFAULT_COLORS,
  InvalidSymbolSvgError,
  SHAPE_PATHS,
  shapeSvg,
  splitSymbol,
  variantColors,
} from '../../src/services/render/icons/compose.js';

const lv = (v: string) => [{ locale: 'en' as const, value: v }];
const context: Context = {
  id: 'pii',
  name: lv('PII'),
  description: lv('d'),
  values: [
    { id: 'light', name: lv('Light'), description: lv('d'), color: '#FFD700' },
    { id: 'deep', name: lv('Deep'), description: lv('d'), color: '#6A1B7A' },
    { id: 'plain', name: lv('Plain'), description: lv('d'), color: null },
  ],
};

const SYMBOL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="18" cy="18" r="4"/></svg>\n';

describe('variantColors', () => {
  it.each([
    ['default', DEFAULT_COLORS],
    ['dark', DARK_COLORS],
    ['light', { fill: '#FFD700', stroke: '#FFD700', inner: '#000' }],
    ['light.dark', { fill: '#FFD700', stroke: '#FFD700', inner: '#000' }],
    ['deep', { fill: '#6A1B7A', stroke: '#6A1B7A', inner: '#FFF' }],
    ['plain', DEFAULT_COLORS],
    ['plain.dark', DARK_COLORS],
  ])('%s', (token, colors) => {
    expect(variantColors(token, context)).toEqual(colors);
  });
  it.each(['nope', 'nope.dark', 'default.dark', 'dark.dark'])('%s names nothing', (token) => {
    expect(variantColors(token, context)).toBeUndefined();
  });
  it('without a context only default and dark exist', () => {
    expect(variantColors('light', undefined)).toBeUndefined();
    expect(variantColors('dark', undefined)).toEqual(DARK_COLORS);
  });
});

describe('composeIcon', () => {
  it('writes the exact byte layout and carries the root presentation attributes', () => {
    expect(composeIcon('circle', SYMBOL, variantColors('deep', context)!)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" width="36" height="36">' +
        `<path d="${SHAPE_PATHS.circle}" fill="#6A1B7A" stroke="#6A1B7A" stroke-width="2"/>` +
        '<g color="#FFF" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
        '<circle cx="18" cy="18" r="4"/></g></svg>',
    );
  });
  it('drops the root attributes that are not presentation attributes, keeps a fixed order', () => {
    const svg =
      '\n <svg stroke-linejoin=\'round\' id="x" viewBox="0 0 36 36" stroke=\'say "hi"\'>\n<path d="M1 1"/>\n</svg>';
    expect(splitSymbol(svg)).toEqual({
      attributes: ' stroke="say &quot;hi&quot;" stroke-linejoin="round"',
      inner: '<path d="M1 1"/>',
    });
  });
  it('escapes colours into attributes', () => {
    expect(composeIcon('hexagon', SYMBOL, { fill: '"a&b<', stroke: '#000', inner: '#000' })).toContain(
      'fill="&quot;a&amp;b&lt;"',
    );
  });
  it.each([
    ['not svg', 'hello'],
    ['self-closing root', '<svg viewBox="0 0 36 36"/>'],
    ['BOM before the root', '\uFEFF<svg></svg>'],
    ['no closing tag', '<svg><path/>'],
    ['text after the end', '<svg></svg>x'],
  ])('a malformed symbol (%s) throws InvalidSymbolSvgError', (_name, svg) => {
    expect(() => splitSymbol(svg)).toThrow(InvalidSymbolSvgError);
  });
  it('a shape alone has no glyph group', () => {
    expect(shapeSvg('rounded-square')).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" width="36" height="36"><path d="${SHAPE_PATHS['rounded-square']}" fill="none" stroke="#000" stroke-width="2"/></svg>`,
    );
  });
});
