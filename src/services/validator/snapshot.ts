import { mapLocaleArrays } from '../../core/projection.js';
import type { Category, DatachainType, Element, MaterializedElement } from '../../domain/content.js';
import { type ReleaseView, releaseView } from '../../store/views.js';

/**
 * The positions of a localized text's entries in `order`'s locale order: by the position of each
 * entry's locale in `order`, unknown locales last, the text's own order kept among equals.
 */
export function localeOrder(text: ReadonlyArray<{ locale: string }>, order: readonly string[]): number[] {
  const rank = (locale: string) => {
    const i = order.indexOf(locale);
    return i < 0 ? order.length : i;
  };
  return text
    .map((entry, i) => ({ i, r: rank(entry.locale) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.i);
}

/**
 * Orders every localized text (an array whose items all have a string `locale`) by the position of
 * the locale in `order`, recursively (not inside a text's own entries); unknown locales go last in
 * their original order (localeOrder). Returns a copy.
 */
export function sortLocales<T>(value: T, order: readonly string[]): T {
  return mapLocaleArrays(value, (text) => localeOrder(text, order).map((i) => text[i]!));
}

/** An element as a snapshot carries it: no build-only fields. */
function leanElement(element: MaterializedElement): Element {
  const { shape: _shape, icon_variants: _variants, ...lean } = element;
  return lean;
}

/**
 * A release's content in snapshot form (locales in manifest order). Each category and element is put
 * in that form on its first request, once per release and isolate: a call reads the few a datachain
 * places, not every item of the release.
 */
export interface ReleaseSnapshot {
  readonly datachainType: DatachainType;
  category(id: string): Category | undefined;
  element(id: string): Element | undefined;
}

/** `make(item)` for the item of `byId` under an id, made on first request and kept. */
function madeOnce<T, U>(byId: ReadonlyMap<string, T>, make: (item: T) => U): (id: string) => U | undefined {
  const made = new Map<string, U>();
  return (id) => {
    let out = made.get(id);
    if (out === undefined) {
      const item = byId.get(id);
      if (item === undefined) return undefined;
      made.set(id, (out = make(item)));
    }
    return out;
  };
}

/** The snapshot form of a release, built once per release and isolate. */
export const releaseSnapshot: ReleaseView<ReleaseSnapshot> = releaseView((release) => {
  const order = release.locales;
  return {
    datachainType: sortLocales(release.bundle.datachain_type, order),
    category: madeOnce(release.categoryById, (c) => sortLocales(c, order)),
    element: madeOnce(release.elementById, (e) => sortLocales(leanElement(e), order)),
  };
});
