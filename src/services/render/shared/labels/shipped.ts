import { asciiJson } from '../../../../core/ascii-json.js';
import { viewWordsOf } from '../view-words.js';
import { LOCALE_LABELS } from './index.js';
import type { LocaleLabels } from './types.js';

/**
 * The fixed wording of every locale but English's, as the page, the sign and the MCP view read it.
 * This module reads the tables themselves (Node, the test suites). The Worker's script is built
 * with `shipped-text.ts` in its place (cli/build/worker-script.ts, decision 062): there each table
 * is a JSON text module beside the script, parsed on its first read, so the tables are not in the
 * script. Both answer the same (test/cold/label-texts.test.ts).
 */

/** A locale's tables, or `undefined` for English and for a locale without them. */
export const labelsOf = (locale: string): LocaleLabels | undefined =>
  Object.hasOwn(LOCALE_LABELS, locale) ? LOCALE_LABELS[locale] : undefined;

/** The view's sentences of every locale as the view script embeds them: JSON, in ASCII. */
export const viewWordsJson = (): string => asciiJson(JSON.stringify(viewWordsOf(LOCALE_LABELS)));
