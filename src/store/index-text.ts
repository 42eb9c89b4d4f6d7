import type { VersionIndex } from '../domain/bundle.js';

/**
 * The bucket's `index.json` as text (decision 069). Publish writes it as one JSON document whose
 * last line holds the translation review metadata alone, compact:
 *
 *     {
 *       "versions": [ … ],
 *       "aliases": { … },
 *       "objects": { … },
 *     "translations":{…}}
 *
 * Every reader of JSON reads it as before. A reader of this module parses everything before that
 * line when it reads the index, and the line itself only when asked for (`translations`): most of
 * the index's bytes are review metadata, which only the translation status and the page's locale
 * notice read. Any other JSON text (an index written before this decision, or by hand) is parsed
 * whole.
 */

/** What starts the last line of the layout: no other line of a JSON text can start so and end it. */
const MARK = '\n"translations":';

/** `index` as publish writes it: indented, with its review metadata (when it has any) on the last line. */
export function indexText(index: VersionIndex): string {
  const { translations, ...head } = index;
  const text = JSON.stringify(head, null, 2);
  if (translations === undefined) return `${text}\n`;
  return `${text.slice(0, -'\n}'.length)},${MARK}${JSON.stringify(translations)}}\n`;
}

/** An index text cut at its last line: everything else parsed, the metadata's text unparsed. */
export interface SplitIndex {
  /** The parsed JSON of the text, without `translations` when `translations` is given. */
  readonly head: unknown;
  /** The JSON text of the `translations` member, when the text has the layout `indexText` writes. */
  readonly translations?: string;
}

/**
 * Cuts an index text at the line `indexText` writes last, and parses the rest; a text without that
 * layout is parsed whole. The cut is taken only when the text up to it, closed, is a JSON object
 * without `translations`: a raw line feed never occurs inside a JSON string, and closing the text
 * before the line with one brace gives an object only when the line starts a member of the
 * outermost object. So the head and the metadata are the text's own members. Throws a
 * `SyntaxError` when the text is not JSON (for a text with the layout, when its head is not).
 */
export function splitIndexText(text: string): SplitIndex {
  const at = text.lastIndexOf(MARK);
  const rest = at < 0 ? '' : text.slice(at + MARK.length).trimEnd();
  const before = at < 0 ? '' : text.slice(0, at).trimEnd();
  if (at >= 0 && rest.endsWith('}') && !rest.includes('\n') && before.endsWith(',')) {
    let head: unknown;
    try {
      head = JSON.parse(`${before.slice(0, -1)}}`);
    } catch {
      head = undefined;
    }
    if (typeof head === 'object' && head !== null && !Array.isArray(head) && !Object.hasOwn(head, 'translations'))
      return { head, translations: rest.slice(0, -1) };
  }
  return { head: JSON.parse(text) };
}
