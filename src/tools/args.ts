import { z } from 'zod';
import { LOCALE_CODES, Slug } from '../domain/locale.js';

/** A locale code of the project; anything else is refused with the list of known codes. */
const KnownLocale = z.enum(LOCALE_CODES, {
  error: (issue) => (issue.code === 'invalid_value' ? `Unknown locale; use one of: ${LOCALE_CODES.join(', ')}` : undefined),
});

/** Argument pieces shared by several tools; descriptions end up in the tools' input schemas. */
export const versionArg = z
  .string()
  .min(1)
  .max(100)
  .describe('Schema version: canonical "ai@2026-08-12", "ai@2026-04-16-beta", or an alias "ai@latest" / "ai@latest-beta".');

export const localesArg = z
  .array(KnownLocale)
  .min(1)
  .describe('Keep only these locales in every localized text (default: all locales of the version).');

export const fieldsArg = z
  .union([z.array(z.string().min(1)).min(1), z.literal('all')])
  .describe('Top-level fields to return ("id" is always included), or "all".');

export const elementIdArg = Slug.max(128).describe('Element id, e.g. "input_biometric".');

export const localeArg = KnownLocale.describe('Locale used to search and to pick display text.');
