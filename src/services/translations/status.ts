import * as z from 'zod';
import { safeParseFast } from '../../core/fast-parse.js';
import {
  BuiltFlag,
  type FLAG_STATUSES,
  LocaleReview,
  REVIEW_STATUSES,
  type TranslationReview,
  TranslationReview as ReviewSchema,
} from '../../domain/translations.js';
import type { VersionIndex } from '../../domain/bundle.js';
import type { Release } from '../../store/release.js';

const FlagCounts = z.object({ open: z.number().int(), resolved: z.number().int(), wontfix: z.number().int() });

/** One locale of a release in the status: the source, a recorded locale, or one with nothing recorded. */
const LocaleStatus = LocaleReview.extend({
  status: z.enum(['source', ...REVIEW_STATUSES]),
  updated_at: z.string().nullable(),
  /** Who wrote the source texts (source locale only, when the metadata records it). */
  written_by: z.string().optional(),
  flag_counts: FlagCounts,
});

/** The answer of `get_translation_status`. */
export const TranslationStatus = z.object({
  version: z.string(),
  source_locale: z.string(),
  locales: z.array(LocaleStatus),
  flags: z.array(BuiltFlag),
});
export type TranslationStatus = z.infer<typeof TranslationStatus>;

export type FlagFilter = (typeof FLAG_STATUSES)[number] | 'all';

/** The metadata a release ships, as the index carries it: absent, or present and well formed, or malformed. */
/** The locale a release's texts are written in when its review metadata does not say: English, every served release's. */
export const DEFAULT_SOURCE_LOCALE = 'en';

/** The source locale a release's review metadata names (none, or unreadable: DEFAULT_SOURCE_LOCALE). */
export const sourceLocaleOf = (review: TranslationReview | 'malformed' | undefined): string =>
  review && review !== 'malformed' ? review.source_locale : DEFAULT_SOURCE_LOCALE;

export function reviewOf(index: VersionIndex, id: string): TranslationReview | 'malformed' | undefined {
  const raw = index.translations && Object.hasOwn(index.translations, id) ? index.translations[id] : undefined;
  if (raw === undefined) return undefined;
  const parsed = safeParseFast(ReviewSchema, raw);
  return parsed.success ? parsed.data : 'malformed';
}

/**
 * The translation status of `release` from its review metadata (none: every locale but the source
 * is `unverified`, no flags). Locales follow the release's order and only those it carries are
 * listed; `only` keeps the named ones. Flags are those of the listed locales, of `flagStatus`
 * unless it is `all`; each locale's `flag_counts` count all of its flags.
 */
export function translationStatus(
  release: Release,
  review: TranslationReview | undefined,
  only: ReadonlySet<string> | undefined,
  flagStatus: FlagFilter,
): TranslationStatus {
  const source = sourceLocaleOf(review);
  const carried = new Set(release.locales);
  const recorded = new Map((review?.locales ?? []).map((l) => [l.locale, l]));
  const flags = (review?.flags ?? []).filter((f) => carried.has(f.locale));
  const counts = (locale: string) => {
    const c = { open: 0, resolved: 0, wontfix: 0 };
    for (const f of flags) if (f.locale === locale) c[f.status] += 1;
    return c;
  };
  const listed = release.locales.filter((l) => !only || only.has(l));
  const locales = listed.map((locale) => {
    const flag_counts = counts(locale);
    if (locale === source) {
      const by = review?.written_by === undefined ? {} : { written_by: review.written_by };
      return { locale, status: 'source' as const, updated_at: null, summary: '', ...by, flag_counts };
    }
    const entry = recorded.get(locale);
    if (entry) return { ...entry, flag_counts };
    return { locale, status: 'unverified' as const, updated_at: null, summary: '', flag_counts };
  });
  const shown = new Set(listed);
  return {
    version: release.id,
    source_locale: source,
    locales,
    flags: flags.filter((f) => shown.has(f.locale) && (flagStatus === 'all' || f.status === flagStatus)),
  };
}

/**
 * Whether no fluent speaker's review of release `version`'s wording in `locale` is on record: any
 * locale but the source whose status is not `human_reviewed` (no review metadata: every one but the
 * source, as `translationStatus` reads it). A page in such a locale says so to its reader.
 */
export function uncheckedLocale(index: VersionIndex, version: string, locale: string): boolean {
  const found = reviewOf(index, version);
  if (locale === sourceLocaleOf(found)) return false;
  const review = found === 'malformed' ? undefined : found;
  return (review?.locales.find((l) => l.locale === locale)?.status ?? 'unverified') !== 'human_reviewed';
}
