import * as z from 'zod';
import { MaterializedElement } from '../domain/content.js';
import { canonicalLocale, LOCALE_ALIAS_CODES, LOCALE_ALIAS_NOTE, LOCALE_CODES, Slug } from '../domain/locale.js';
import { likelyLocale } from '../domain/locale-negotiation.js';

/**
 * " (did you mean 'pt'?)" for a code with a region or script the project does not list (`pt-BR`):
 * the code of its language to send instead, which the release named may or may not carry (its own
 * check says).
 */
function meant(code: string): string {
  const locale = likelyLocale(code, LOCALE_CODES);
  return locale ? ` (did you mean '${locale}'?)` : '';
}

/**
 * A locale code of the project, aliases resolved first (`tl` is `fil`); anything else is refused
 * with the list of known codes. The input schema lists the codes and the aliases, so a client that
 * checks arguments against it before sending does not refuse an alias the tool takes. A code in
 * another case (`EN`, `zh-hans`) is read too, as language tags are; the schema lists each as the
 * project writes it, the form a client should send.
 */
const KnownLocale = z
  .preprocess(
    (value) => (typeof value === 'string' ? canonicalLocale(value) : value),
    z.enum(LOCALE_CODES, {
      error: (issue) =>
        issue.code === 'invalid_value'
          ? `Unknown locale${typeof issue.input === 'string' ? ` '${issue.input.slice(0, 16)}'${meant(issue.input)}` : ''}; use one of: ${LOCALE_CODES.join(', ')} (aliases: ${LOCALE_ALIAS_NOTE})`
          : undefined,
    }),
  )
  .meta({ enum: [...LOCALE_CODES, ...LOCALE_ALIAS_CODES] });

/** Argument pieces shared by several tools; descriptions end up in the tools' input schemas. */
export const versionArg = z
  .string()
  .min(1)
  .max(100)
  .describe(
    'Schema version "<type>@YYYY-MM-DD[-beta]" of a datachain type ("ai", "dtpr"), e.g. "ai@2026-08-12", or an alias per type: ' +
      '"<type>@latest" (newest stable release) or "<type>@latest-beta" (newest beta), e.g. "ai@latest", "dtpr@latest-beta".',
  );

export const localesArg = z
  .array(KnownLocale)
  .min(1)
  .describe('Keep only these locales in every localized text (default: all locales of the version).');

/** The fields of an element a caller may ask for, and `all`. */
const ELEMENT_FIELDS: [string, ...string[]] = ['all', ...Object.keys(MaterializedElement.shape)];

export const fieldsArg = z
  .array(
    z.enum(ELEMENT_FIELDS, {
      error: (issue) =>
        `Unknown field ${JSON.stringify(String(issue.input).slice(0, 64))}; the fields are: ${ELEMENT_FIELDS.join(', ')}.`,
    }),
  )
  .min(1)
  .max(ELEMENT_FIELDS.length)
  .describe('Top-level element fields to return ("id" is always included); ["all"] returns every field.');

/** An element id: a slug within the id cap (`Slug` carries both). */
export const elementIdArg = Slug.describe('Element id, e.g. "input_biometric".');

/** A locale argument; each tool describes what it does with it. */
export const localeArg = KnownLocale.describe('A locale of the release, e.g. "fr".');

/** The `locales` argument as a set (undefined: every locale of the version). */
export function localeSet(locales: readonly string[] | undefined): ReadonlySet<string> | undefined {
  return locales ? new Set(locales) : undefined;
}
