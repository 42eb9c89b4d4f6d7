import type { LocaleLabels } from './labels/types.js';

/**
 * What the MCP Apps view says in its own voice, to a member of the public, when it has no page to
 * show: a render that failed (with what kind of thing is wrong, never an error code) or a render it
 * could not load. English here, the fallback; every other locale has its table under `labels/`.
 * Kept beside the page's labels so the per-locale tables take their shape from here.
 */
export const VIEW_WORDS_EN = {
  preparing: 'Preparing the disclosure\u2026',
  problemTitle: 'This disclosure cannot be shown yet',
  problemLead: 'The people responsible for this system need to correct its description first: ',
  missing: 'something it must say is missing',
  edition: 'it was written for another edition of the DTPR vocabulary',
  unknown: 'it mentions something the DTPR vocabulary does not define',
  form: 'some of its details are not written in the expected form',
  unavailableTitle: 'This disclosure is not available',
  unavailableLead: 'It could not be loaded. Please try again later.',
};

export type ViewWords = typeof VIEW_WORDS_EN;

/** Every locale's view sentences, English's first, by code, from the locales' tables. */
export function viewWordsOf(tables: Readonly<Record<string, LocaleLabels>>): Record<string, ViewWords> {
  return { en: VIEW_WORDS_EN, ...Object.fromEntries(Object.entries(tables).map(([l, t]) => [l, t.view])) };
}
