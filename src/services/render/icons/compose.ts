import type { Context, Shape } from '../../../domain/content.js';
import { releaseViewBy } from '../../../store/views.js';
import { innerColor } from './color.js';

/** Path data of the four category shapes, each one path in a 36x36 viewBox drawn with stroke-width 2. */
export const SHAPE_PATHS: Readonly<Record<Shape, string>> = {
  circle:
    'M18 2C26.8366 2 34 9.16344 34 18C34 26.8366 26.8366 34 18 34C9.16344 34 2 26.8366 2 18C2 9.16344 9.16344 2 18 2Z',
  hexagon:
    'M31.8564 8.8453L19 1.42265C18.3812 1.06538 17.6188 1.06538 17 1.42265L4.14359 8.8453C3.52479 9.20257 3.14359 9.86282 3.14359 10.5774V25.4226C3.14359 26.1372 3.52479 26.7974 4.14359 27.1547L17 34.5774C17.6188 34.9346 18.3812 34.9346 19 34.5774L31.8564 27.1547C32.4752 26.7974 32.8564 26.1372 32.8564 25.4226V10.5774C32.8564 9.86282 32.4752 9.20256 31.8564 8.8453Z',
  octagon:
    'M24.1191 1.41309L24.3174 1.42285C24.7751 1.46907 25.2056 1.6733 25.5332 2.00195L34.0898 10.585C34.4172 10.9135 34.6183 11.3442 34.6631 11.8018L34.6729 11.999L34.6533 24.1191C34.6526 24.5833 34.4914 25.0313 34.1992 25.3867L34.0654 25.5332L25.4824 34.0898C25.1538 34.4173 24.7224 34.6183 24.2646 34.6631L24.0674 34.6729L11.9473 34.6533C11.4171 34.6524 10.9085 34.4409 10.5342 34.0654L1.97754 25.4824C1.60327 25.1069 1.39281 24.5976 1.39355 24.0674L1.41309 11.9482C1.41392 11.4178 1.62629 10.9087 2.00195 10.5342L10.585 1.97754L10.7314 1.84473C11.0876 1.55395 11.5352 1.39299 11.999 1.39355L24.1191 1.41309Z',
  'rounded-square':
    'M6 3H30C31.6569 3 33 4.34315 33 6V30C33 31.6569 31.6569 33 30 33H6C4.34315 33 3 31.6569 3 30V6C3 4.34315 4.34315 3 6 3Z',
};

export function isShape(name: string): name is Shape {
  return Object.hasOwn(SHAPE_PATHS, name);
}

/** Paint of one icon variant: the shape's fill and stroke, and the glyph colour inside it. */
export interface VariantColors {
  fill: string;
  stroke: string;
  inner: string;
}

export const DEFAULT_COLORS: VariantColors = { fill: 'none', stroke: '#000', inner: '#000' };
export const DARK_COLORS: VariantColors = { fill: '#000', stroke: '#000', inner: '#FFF' };

/**
 * Colours of a variant token against an element's effective context (element.context, else the
 * category's element_context): `default`, `dark`, `<value>` and `<value>.dark`. A value without a
 * colour aliases default (dark with `.dark`); a coloured value ignores `.dark`, and its glyph is
 * black or white by luminance so the contrast stays at WCAG AA. `undefined` when the token names
 * nothing in the context.
 */
export function variantColors(token: string, context: Context | undefined): VariantColors | undefined {
  if (token === 'default') return DEFAULT_COLORS;
  if (token === 'dark') return DARK_COLORS;
  const dark = token.endsWith('.dark');
  const base = dark ? token.slice(0, -'.dark'.length) : token;
  const value = context?.values.find((v) => v.id === base);
  if (!value) return undefined;
  if (value.color === null) return dark ? DARK_COLORS : DEFAULT_COLORS;
  return { fill: value.color, stroke: value.color, inner: innerColor(value.color) };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" width="36" height="36">';

function shapePath(shape: Shape, fill: string, stroke: string): string {
  return `<path d="${SHAPE_PATHS[shape]}" fill="${escapeAttr(fill)}" stroke="${escapeAttr(stroke)}" stroke-width="2"/>`;
}

/** The shape alone: outline in black, no fill, no glyph. */
export function shapeSvg(shape: Shape): string {
  return `${OPEN}${shapePath(shape, 'none', '#000')}</svg>`;
}

/** Presentation attributes of a symbol's root `<svg>` that its children inherit; carried onto the glyph group. */
const CARRIED_ATTRIBUTES = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'] as const;

export class InvalidSymbolSvgError extends Error {
  override name = 'InvalidSymbolSvgError';
}

const ROOT = /^[ \t\n\r]*<svg\b([^>]*)>/;
const ATTRIBUTE = /([A-Za-z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Splits a stored symbol into its root's carried attributes (already in attribute syntax, in
 * CARRIED_ATTRIBUTES order) and its trimmed inner markup. Throws InvalidSymbolSvgError when the
 * text is not one `<svg ...>...</svg>` element; the build rejects such symbols, so this is a fault.
 */
export function splitSymbol(svg: string): { attributes: string; inner: string } {
  const open = ROOT.exec(svg);
  const closeAt = svg.trimEnd().length - '</svg>'.length;
  if (!open || !svg.trimEnd().endsWith('</svg>') || closeAt < open[0].length || open[1]!.trimEnd().endsWith('/')) {
    throw new InvalidSymbolSvgError('Symbol SVG must be one <svg ...>...</svg> element.');
  }
  const found = new Map<string, string>();
  for (const m of open[1]!.matchAll(ATTRIBUTE)) {
    found.set(m[1]!, m[2] ?? m[3]!.replace(/"/g, '&quot;'));
  }
  const attributes = CARRIED_ATTRIBUTES.filter((name) => found.has(name))
    .map((name) => ` ${name}="${found.get(name)}"`)
    .join('');
  return { attributes, inner: svg.slice(open[0].length, closeAt).trim() };
}

/**
 * A composed icon: the 36x36 wrapper, the shape path painted with the variant's fill and stroke,
 * then the symbol's inner markup in a group whose `color` is the glyph colour (symbols paint with
 * currentColor) and which carries the symbol root's presentation attributes.
 */
export function composeIcon(shape: Shape, symbolSvg: string, colors: VariantColors): string {
  const { attributes, inner } = splitSymbol(symbolSvg);
  return `${OPEN}${shapePath(shape, colors.fill, colors.stroke)}<g color="${escapeAttr(colors.inner)}"${attributes}>${inner}</g></svg>`;
}

/**
 * The composed icon of a release's element for a variant token, keyed `<element id>|<token>`, built
 * once per release and isolate; `undefined` when the element, its colours or its symbol is missing.
 */
export const composedIcon = releaseViewBy((release, key: string): string | undefined => {
  const bar = key.indexOf('|');
  const element = release.elementById.get(key.slice(0, bar));
  if (!element) return undefined;
  const context = element.context ?? release.categoryById.get(element.category_id)?.element_context;
  const colors = variantColors(key.slice(bar + 1), context);
  const symbol = release.bundle.symbols[element.symbol_id];
  if (!colors || symbol === undefined) return undefined;
  return composeIcon(element.shape, symbol, colors);
});
