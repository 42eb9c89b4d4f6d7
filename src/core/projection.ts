/** One entry of a localized text (structurally `LocaleValue` of the domain). */
interface LocaleValue {
  locale: string;
  value: string;
}

/** Keeps `id` first, then the requested top-level fields in request order; `all` (alone or listed) keeps everything. */
export function project<T extends { id: string }>(
  item: T,
  fields: readonly string[] | 'all',
): Partial<T> & { id: string } {
  if (fields === 'all' || fields.includes('all')) return item;
  const out: Record<string, unknown> = { id: item.id };
  for (const f of fields) if (f !== 'id' && f in item) out[f] = (item as Record<string, unknown>)[f];
  return out as Partial<T> & { id: string };
}

/** A localized text: a non-empty array whose items all carry a string `locale`. */
export function isLocaleArray(v: readonly unknown[]): v is LocaleValue[] {
  return (
    v.length > 0 &&
    v.every((x) => typeof x === 'object' && x !== null && typeof (x as { locale?: unknown }).locale === 'string')
  );
}

/** Copies a JSON value, replacing every localized text in it (at any depth) by `fn(text)`. */
export function mapLocaleArrays<T>(value: T, fn: (text: LocaleValue[]) => unknown[]): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return isLocaleArray(v) ? fn(v) : v.map(walk);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * Keeps only the given locales in every localized text, recursively. `undefined` means no filter.
 * Callers validate locales first, so an empty set is never passed.
 */
export function filterLocales<T>(value: T, locales: ReadonlySet<string> | undefined): T {
  return locales ? mapLocaleArrays(value, (text) => text.filter((e) => locales.has(e.locale))) : value;
}

/** Picks the text for a locale: exact, else `en`, else the first entry, else ''. */
export function pickLocale(values: readonly LocaleValue[] | undefined, locale: string): string {
  if (!values || values.length === 0) return '';
  return (values.find((v) => v.locale === locale) ?? values.find((v) => v.locale === 'en') ?? values[0]!).value;
}
