import { LABEL_TEXTS, VIEW_WORDS_TEXT } from '../../../../store/generated/label-texts.js';
import type * as Shipped from './shipped.js';
import type { LocaleLabels } from './types.js';

/**
 * `shipped.ts` as the Worker's script holds it (cli/build/worker-script.ts puts this module in
 * its place, decision 062): each locale's tables are a JSON text module beside the script (the
 * build writes them from the tables under `labels/`), parsed on their first read, once per isolate.
 */
const parsed = new Map<string, LocaleLabels>();

export const labelsOf: typeof Shipped.labelsOf = (locale) => {
  let table = parsed.get(locale);
  if (!table && Object.hasOwn(LABEL_TEXTS, locale)) parsed.set(locale, (table = JSON.parse(LABEL_TEXTS[locale]!)));
  return table;
};

export const viewWordsJson: typeof Shipped.viewWordsJson = () => VIEW_WORDS_TEXT;
