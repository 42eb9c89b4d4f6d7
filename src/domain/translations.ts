import * as z from 'zod';
import { capped } from './caps.js';

/**
 * Translation review metadata: how far each locale of a release has been translated and
 * reviewed. A release ships it beside its content (`translations.yaml`), outside its content
 * hash, so a review changes no release. The build carries it in the version index
 * (`VersionIndex.translations`, by release id). Locale codes are plain strings here so that an
 * index written for locales a deployment does not know still parses; the CLI checks them
 * against the release.
 */

export const REVIEW_STATUSES = ['unverified', 'machine_draft', 'machine_reviewed', 'human_reviewed'] as const;
const FLAG_KINDS = ['term_choice', 'native_review', 'divergence', 'source_issue', 'layout'] as const;
export const FLAG_STATUSES = ['open', 'resolved', 'wontfix'] as const;
const FLAG_RAISERS = ['translator', 'reviewer', 'human'] as const;
const TARGET_TYPES = ['element', 'category', 'datachain_type'] as const;

const LocaleId = capped('id').regex(
  /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/,
  'Use a locale code such as "fr" or "zh-Hant".',
);
/** A day (`2026-08-12`) or an instant (`2026-08-12T10:00:00Z`). */
const When = z.union([z.iso.date(), z.iso.datetime()]);

/** What is recorded about one translated locale (never the source locale). */
export const LocaleReview = z.strictObject({
  locale: LocaleId,
  status: z.enum(REVIEW_STATUSES),
  register: capped('name').optional(),
  translated_by: capped('name').optional(),
  reviewed_by: capped('name').optional(),
  updated_at: When,
  summary: capped('text'),
});
export type LocaleReview = z.infer<typeof LocaleReview>;

/**
 * A point a translator or reviewer raised. Each key is `<file>#<field path>`, a file of the
 * release relative to its directory: `elements/<id>.yaml#title`.
 */
const AuthoredFlag = z.strictObject({
  id: capped('id').regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, ".", "_" and "-" only.'),
  locale: LocaleId,
  kind: z.enum(FLAG_KINDS),
  status: z.enum(FLAG_STATUSES),
  raised_by: z.enum(FLAG_RAISERS),
  keys: z.array(capped('name')).min(1).max(200),
  note: capped('text'),
  alternatives: z.array(capped('text')).max(20).optional(),
});

/** What a flag is about, derived from its keys by the build. */
export const FlagTarget = z.object({
  type: z.enum(TARGET_TYPES),
  id: z.string(),
  field: z.string(),
});
export type FlagTarget = z.infer<typeof FlagTarget>;

export const BuiltFlag = AuthoredFlag.extend({ targets: z.array(FlagTarget) });
export type BuiltFlag = z.infer<typeof BuiltFlag>;

/** `translations.yaml` as authored. */
export const AuthoredTranslations = z.strictObject({
  source_locale: LocaleId.default('en'),
  /** Who wrote the source texts (ours: the public API's metadata has no such field). */
  written_by: capped('name').optional(),
  locales: z.array(LocaleReview).max(64).default([]),
  flags: z.array(AuthoredFlag).max(2000).default([]),
});
export type AuthoredTranslations = z.infer<typeof AuthoredTranslations>;

/** The built metadata of one release, as the version index carries it. */
export const TranslationReview = z.object({
  source_locale: z.string(),
  written_by: z.string().optional(),
  locales: z.array(LocaleReview),
  flags: z.array(BuiltFlag),
});
export type TranslationReview = z.infer<typeof TranslationReview>;
