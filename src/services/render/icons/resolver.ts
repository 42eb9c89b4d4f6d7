import type { Shape } from '../../../domain/content.js';
import { composeIcon, DARK_COLORS, DEFAULT_COLORS, type VariantColors, variantColors } from './compose.js';
import type { CardView } from '../view/card.js';
import type { RenderSource } from '../view/source.js';

const EMPTY_SYMBOL = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

/** A composed icon as data: URIs, for light backgrounds and (the `.dark` variant) for dark ones. */
export interface IconUris {
  readonly light: string;
  readonly dark: string;
}
export type IconOf = (icon: CardView['icon']) => IconUris;

/** What a data: URI of an icon keeps as it is: every printable ASCII character but `" % # < > \\` and the backtick. */
const ENCODED = /[^ !$&'()*+,\-./0-9:;=?@A-Z[\]^_a-z{|}~]/gu;
/**
 * An SVG as a data: URI, percent-encoding only what must be: the characters that would end the
 * stylesheet's `url("...")` or its `<style>` element, start a fragment or an escape, and everything
 * beyond ASCII. The SVG's spaces, `=`, `/` and `:` stay as they are, which browsers read the same
 * and which takes a fifth less of the page than encoding them.
 */
export const dataUri = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${svg.replace(ENCODED, (c) => encodeURIComponent(c))}`;

/**
 * The same icon with every character of its SVG but letters, digits and `-_.!~*'()` percent-encoded
 * (`encodeURIComponent`): how a printed sign carries its icons, for SVG programs stricter about
 * data: URIs than browsers.
 */
export function strictDataUri(uri: string): string {
  const at = uri.indexOf(',') + 1;
  return `${uri.slice(0, at)}${encodeURIComponent(decodeURIComponent(uri.slice(at)))}`;
}

/** Composed icons by source object: a served release's source is one object, so each icon is composed once per release. */
const COMPOSED = new WeakMap<RenderSource, Map<string, IconUris>>();
/** Icons kept per source; past this, icons are composed on every call (no datachain of a release reaches it). */
const MAX_ICONS_PER_SOURCE = 4096;

/** The outline and glyph colour of icons on a dark screen: 13:1 against the dark card (#1a1e25). */
const ON_DARK = '#E8ECF1';

/**
 * The page's dark-screen variant: DTPR's `dark` variant is a black shape, which vanishes on a dark
 * card, so uncoloured shapes are drawn as a light outline and glyph, and coloured ones keep their
 * fill inside a light outline (WCAG 1.4.11: 3:1 for the shape's edge).
 */
function onDarkScreen(c: VariantColors): VariantColors {
  return c === DARK_COLORS ? { fill: 'none', stroke: ON_DARK, inner: ON_DARK } : { ...c, stroke: ON_DARK };
}

/** Icons of a render (the output makes no requests); the placement's context value picks the colours. */
export function iconResolver(src: RenderSource): IconOf {
  let cache = COMPOSED.get(src);
  if (!cache) COMPOSED.set(src, (cache = new Map()));
  const composed = cache;
  return ({ elementId, context }) => {
    const key = `${elementId}|${context ?? ''}`;
    const hit = composed.get(key);
    if (hit) return hit;
    const element = src.elementById.get(elementId);
    const category = element && src.categoryById.get(element.category_id);
    const shape: Shape = category?.shape ?? 'circle';
    const ctx = element?.context ?? category?.element_context;
    const light = (context && variantColors(context, ctx)) || DEFAULT_COLORS;
    const dark = onDarkScreen((context && variantColors(`${context}.dark`, ctx)) || DARK_COLORS);
    const symbol =
      (element && Object.hasOwn(src.symbols, element.symbol_id) && src.symbols[element.symbol_id]) || EMPTY_SYMBOL;
    const uris = { light: dataUri(composeIcon(shape, symbol, light)), dark: dataUri(composeIcon(shape, symbol, dark)) };
    if (composed.size < MAX_ICONS_PER_SOURCE) composed.set(key, uris);
    return uris;
  };
}

/** The CSS class that paints one icon of a page. */
export type IconClassOf = (icon: CardView['icon']) => string;

/**
 * Only data: URIs made by `dataUri` reach the stylesheet (its character class is ENCODED's, as
 * `test/unit/icon-data-uri.test.ts` checks): no quote, backslash, `<` or `>`, and no
 * `%` but in an escape, so nothing can break out of `url("...")` or the `<style>` element.
 */
export const CSS_SAFE_URI =
  /^data:image\/svg\+xml;charset=utf-8,(?:[ !$&'()*+,\-./0-9:;=?@A-Z[\]^_a-z{|}~]|%[0-9A-F]{2})*$/;
/** Icon pairs already checked against CSS_SAFE_URI (an IconUris is never changed after it is made). */
const SAFE = new WeakSet<IconUris>();

/**
 * The icons of a page as CSS classes: each distinct icon is written once into the page's
 * stylesheet (its light variant, and its dark one for dark schemes) however many cards show it,
 * so the page grows with its text, not with repeated images.
 */
export function iconSheet(icons: Iterable<CardView['icon']>, iconOf: IconOf): { classOf: IconClassOf; css: string } {
  const classes = new Map<string, string>();
  const light: string[] = [];
  const dark: string[] = [];
  const keyOf = (icon: CardView['icon']) => `${icon.elementId}|${icon.context ?? ''}`;
  for (const icon of icons) {
    const key = keyOf(icon);
    if (classes.has(key)) continue;
    const name = `ic${classes.size}`;
    const uris = iconOf(icon);
    if (!SAFE.has(uris)) {
      if (!CSS_SAFE_URI.test(uris.light) || !CSS_SAFE_URI.test(uris.dark))
        throw new Error('icon data URI is not safe in a stylesheet');
      SAFE.add(uris);
    }
    classes.set(key, name);
    light.push(`.${name}{background-image:url("${uris.light}")}`);
    dark.push(`.${name}{background-image:url("${uris.dark}")}`);
  }
  const css = `${light.join('')}@media screen and (prefers-color-scheme:dark){${dark.join('')}}`;
  return { classOf: (icon) => classes.get(keyOf(icon)) ?? '', css };
}
