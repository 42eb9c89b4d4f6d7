import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { acceptedLanguages, acceptsAnyLanguage, negotiateLocale } from '../domain/locale-negotiation.js';
import { reviewOf, sourceLocaleOf } from '../services/translations/status.js';
import { withReleases } from '../store/loading.js';
import { resolveVersion } from '../store/store.js';

/**
 * The locale a render request's `Accept-Language` chooses when the request names none (no `locale`
 * or `locales` parameter): the first of the header's languages, best first, that the release
 * carries, else the release's source locale, with a warning that none of them was carried (a reader
 * asking for Japanese is told the page is in English, not only shown it). `undefined` when the
 * request names a locale, sends no header, or names a version that does not resolve (the tool
 * answers that).
 */
export async function negotiatedLocale(
  c: Context<AppEnv>,
  args: Record<string, unknown>,
): Promise<{ locale: string; warning?: string } | undefined> {
  if (args.locale !== undefined || args.locales !== undefined || typeof args.version !== 'string') return undefined;
  const ranges = acceptedLanguages(c.req.header('Accept-Language'));
  if (ranges.length === 0) return undefined;
  const store = c.get('store');
  const version = args.version;
  return withReleases(store, () => {
    const release = resolveVersion(store, version);
    if (release.error) return undefined;
    const review = reviewOf(store.index(), release.value.id);
    const source = sourceLocaleOf(review);
    const carried = release.value.locales;
    const locale = negotiateLocale(ranges, carried, '');
    // `*` takes any language: the source locale is what was asked for then.
    if (locale || acceptsAnyLanguage(c.req.header('Accept-Language'))) return { locale: locale || source };
    const asked = ranges.slice(0, 4).map((r) => r.slice(0, 16));
    return {
      locale: source,
      warning:
        `language_not_offered: ${release.value.id} has none of the languages Accept-Language asks for (${asked.join(', ')}${ranges.length > 4 ? ', ...' : ''}); ` +
        `the render is in '${source}', its source locale. Its locales: ${carried.join(', ')} (name one with ?locale=).`,
    };
  });
}
