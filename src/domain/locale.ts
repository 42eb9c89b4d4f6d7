import * as z from 'zod';
import { SLUG_PATTERN } from '../core/strings.js';
import { capped } from './caps.js';

/** Locale codes the project knows; each release narrows them through `manifest.locales`. */
export const LOCALE_CODES = ['en', 'fr'] as const;
export const LocaleCode = z.enum(LOCALE_CODES);
export type LocaleCode = z.infer<typeof LocaleCode>;

const LocaleValue = z.object({ locale: LocaleCode, value: capped('text') });

/** A localized text: one `{locale, value}` entry per locale. */
export const LocaleValues = z.array(LocaleValue);
export type LocaleValues = z.infer<typeof LocaleValues>;

export const Slug = capped('id').regex(SLUG_PATTERN, 'Use letters, digits, "_" and "-" only.');

/** ISO 8601 date-time in UTC (`Z` suffix), as upstream requires. */
export const DateTime = z.iso.datetime();
