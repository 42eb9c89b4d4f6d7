import type { LocaleCode } from '../domain/locale.js';

/**
 * The languages the prompts' own instructions are written in. A prompt asked for another locale
 * quotes the release in that locale, is worded in English, and asks for the answer in that locale.
 */
export type Wording = 'en' | 'fr';

export const wordingOf = (locale: LocaleCode): Wording => (locale === 'fr' ? 'fr' : 'en');

/** Each locale's name, in each wording. */
const NAMES: Record<Wording, Record<LocaleCode, string>> = {
  en: {
    en: 'English',
    fr: 'French',
    es: 'Spanish',
    pt: 'Portuguese',
    fil: 'Filipino',
    km: 'Khmer',
    vi: 'Vietnamese',
    'zh-Hans': 'Chinese (Simplified)',
    'zh-Hant': 'Chinese (Traditional)',
    nl: 'Dutch',
    de: 'German',
  },
  fr: {
    en: 'anglais',
    fr: 'français',
    es: 'espagnol',
    pt: 'portugais',
    fil: 'filipino',
    km: 'khmer',
    vi: 'vietnamien',
    'zh-Hans': 'chinois (simplifié)',
    'zh-Hant': 'chinois (traditionnel)',
    nl: 'néerlandais',
    de: 'allemand',
  },
};

export const localeName = (wording: Wording, locale: LocaleCode): string => NAMES[wording][locale];

/** The line asking for the answer in `locale`, for a locale the prompt is not worded in; else none. */
export function answerLanguage(locale: LocaleCode): string[] {
  if (wordingOf(locale) === locale) return [];
  return [
    `The release's texts above are in ${localeName('en', locale)} ("${locale}"); write your answer in ${localeName('en', locale)}.`,
  ];
}
