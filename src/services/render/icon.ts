import type { Shape } from '../../domain/content.js';
import { composeIcon, DARK_COLORS, DEFAULT_COLORS, variantColors } from '../icons.js';
import type { CardView } from './card.js';
import type { RenderSource } from './source.js';

const EMPTY_SYMBOL = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

/** A composed icon as data: URIs, for light backgrounds and (the `.dark` variant) for dark ones. */
export interface IconUris { light: string; dark: string }
export type IconOf = (icon: CardView['icon']) => IconUris;

const dataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Icons of a render (the output makes no requests); the placement's context value picks the colours. */
export function iconResolver(src: RenderSource): IconOf {
  const cache = new Map<string, IconUris>();
  return ({ elementId, context }) => {
    const key = `${elementId}|${context ?? ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const element = src.elementById.get(elementId);
    const category = element && src.categoryById.get(element.category_id);
    const shape: Shape = category?.shape ?? 'circle';
    const ctx = element?.context ?? category?.element_context;
    const light = (context && variantColors(context, ctx)) || DEFAULT_COLORS;
    const dark = (context && variantColors(`${context}.dark`, ctx)) || DARK_COLORS;
    const symbol = (element && Object.hasOwn(src.symbols, element.symbol_id) && src.symbols[element.symbol_id]) || EMPTY_SYMBOL;
    const uris = { light: dataUri(composeIcon(shape, symbol, light)), dark: dataUri(composeIcon(shape, symbol, dark)) };
    cache.set(key, uris);
    return uris;
  };
}
