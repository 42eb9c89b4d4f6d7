import type { Shape } from '../../domain/content.js';
import { composeIcon, DEFAULT_COLORS, variantColors } from '../icons.js';
import type { RenderSource } from './source.js';
import type { CardView } from './view.js';

const EMPTY_SYMBOL = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

/** Icons of a render as data: URIs (the page makes no requests); the context value picks the colours. */
export function iconResolver(src: RenderSource): (icon: CardView['icon']) => string {
  const cache = new Map<string, string>();
  return ({ elementId, context }) => {
    const key = `${elementId}|${context ?? ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const element = src.elementById.get(elementId);
    const category = element && src.categoryById.get(element.category_id);
    const shape: Shape = category?.shape ?? 'circle';
    const colors = (context && variantColors(context, element?.context ?? category?.element_context)) || DEFAULT_COLORS;
    const symbol = (element && Object.hasOwn(src.symbols, element.symbol_id) && src.symbols[element.symbol_id]) || EMPTY_SYMBOL;
    const uri = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(composeIcon(shape, symbol, colors))}`;
    cache.set(key, uri);
    return uri;
  };
}
