import { LOCALE_LABELS } from '../services/render/shared/labels/index.js';
import { VIEW_WORDS_EN, type ViewWords } from '../services/render/shared/view-words.js';

/** The view's own sentences (see `VIEW_WORDS_EN`) by locale code; English is the fallback. */
export const VIEW_WORDS: Readonly<Record<string, ViewWords>> = {
  en: VIEW_WORDS_EN,
  ...Object.fromEntries(Object.entries(LOCALE_LABELS).map(([locale, t]) => [locale, t.view])),
};
