import type { ViewWords } from '../view-words.js';
import type { SignLabels } from '../../sign/labels.js';
import type { Labels } from '../labels.js';

/**
 * One locale's fixed wording, in the shape of the English tables: the page's labels, the two the
 * page words differently for datachain types other than `ai`, the sign's labels and its kicker for
 * those types, and the MCP view's own sentences. A key missing from a locale fails the type check.
 */
export interface LocaleLabels {
  page: Labels;
  page_neutral: Pick<Labels, 'untitled' | 'kicker'>;
  sign: SignLabels;
  sign_neutral: Pick<SignLabels, 'kicker'>;
  view: ViewWords;
}
