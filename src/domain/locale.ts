import * as z from 'zod';
import { SLUG_PATTERN } from '../core/strings.js';
import { capped } from './caps.js';

/** Locale codes the project knows; each release narrows them through `manifest.locales`. */
export const LOCALE_CODES = ['en', 'fr', 'es', 'pt', 'fil', 'km', 'vi', 'zh-Hans', 'zh-Hant', 'nl', 'de'] as const;
/**
 * A locale code as the project writes it. Where an alias (`zh-TW`) or another case (`FR`) reaches
 * the check (a datachain's texts, which keep one spelling of each locale; arguments resolve aliases
 * first), the refusal names the code to write.
 */
export const LocaleCode = z.enum(LOCALE_CODES, {
  error: (issue) => {
    if (typeof issue.input !== 'string') return undefined;
    const code = canonicalLocale(issue.input);
    return code !== issue.input && (LOCALE_CODES as readonly string[]).includes(code)
      ? `write '${code}', the code this field takes, not '${issue.input.slice(0, 16)}'`
      : undefined;
  },
});
export type LocaleCode = z.infer<typeof LocaleCode>;

/**
 * Other names callers may use for a locale, as the public DTPR API accepts them, written as callers
 * write them: `tl` (Tagalog) for `fil` (Filipino), `zh-TW` for `zh-Hant`. Matched without regard to
 * case. An alias resolves to its locale before any check, so a release without that locale answers
 * as for the locale itself.
 */
const ALIAS_TARGETS = { tl: 'fil', 'zh-TW': 'zh-Hant' } as const satisfies Record<string, LocaleCode>;

/** The aliases, for input schemas that list every accepted code. */
export const LOCALE_ALIAS_CODES = Object.keys(ALIAS_TARGETS) as (keyof typeof ALIAS_TARGETS)[];

/** Every code and alias by its lower case: language tags are compared without regard to case (BCP 47). */
const LOCALE_ALIASES: ReadonlyMap<string, string> = new Map([
  ...LOCALE_CODES.map((code) => [code.toLowerCase(), code] as const),
  ...Object.entries(ALIAS_TARGETS).map(([alias, locale]) => [alias.toLowerCase(), locale] as const),
]);

/**
 * The locale a caller's code names, in any case (`EN`, `zh-hans`): a code as the project writes it,
 * an alias's target, else the code unchanged (refused by the check that follows).
 */
export function canonicalLocale(code: string): string {
  return LOCALE_ALIASES.get(code.toLowerCase()) ?? code;
}

/** The aliases as `alias = locale` lines for hints and descriptions. */
export const LOCALE_ALIAS_NOTE = Object.entries(ALIAS_TARGETS)
  .map(([alias, locale]) => `${alias} = ${locale}`)
  .join(', ');

const LocaleValue = z.object({ locale: LocaleCode, value: capped('text') });

/**
 * The error option of a list a caller may give as something else (a text given bare, variables
 * given as a map): the form to write. A missing list keeps zod's words, which the issue reader
 * tells as a missing value.
 */
export const listOf = (form: string, what = 'a list') => ({
  error: (issue: { code: string; input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input !== undefined ? `expected ${what}, as ${form}` : undefined,
});

/** A localized text: one `{locale, value}` entry per locale. */
export const LocaleValues = z.array(
  LocaleValue,
  listOf('[{"locale":"en","value":"..."}]', 'a list of texts by locale'),
);
export type LocaleValues = z.infer<typeof LocaleValues>;

export const Slug = capped('id').regex(SLUG_PATTERN, 'Use letters, digits, "_" and "-" only.');

/** ISO 8601 date-time in UTC (`Z` suffix), as upstream requires. */
export const DateTime = z.iso.datetime({
  // Only a string of the wrong form is told what the form is; a missing value or another type keeps zod's own words.
  error: (issue) =>
    issue.code === 'invalid_format'
      ? 'Not a UTC date-time: write it in UTC, ending in Z, e.g. 2026-08-01T09:00:00Z.'
      : undefined,
});
