import { isRecord } from '../core/values.js';
import type { VersionIndex } from '../domain/bundle.js';

/**
 * The bucket's `index.json` as text (decision 069). Publish writes it as one JSON document whose
 * last line holds the translation review metadata alone, compact, and whose other members, indented
 * as before, say how long that metadata's text is:
 *
 *     {
 *       "versions": [ … ],
 *       "aliases": { … },
 *       "objects": { … },
 *       "translations_length": 85783,
 *     "translations":{…}}
 *
 * Every reader of JSON reads it as before (`translations_length` is a member no index schema
 * knows). A reader of this module parses everything before that line when it reads the index, and
 * the line itself only when asked for (`translations`): most of the index's bytes are review
 * metadata, which only the translation status and the page's locale notice read. Any other JSON
 * text (an index written before this decision, or edited by hand) is parsed whole.
 */

/** What starts the last line of the layout: no other line of a JSON text can start so and end it. */
const MARK = '\n"translations":';
/** The member that gives the length of the metadata's text (UTF-16 code units), which the cut checks. */
const LENGTH = 'translations_length';

/** `index` as publish writes it: indented, with its review metadata (when it has any) on the last line. */
export function indexText(index: VersionIndex): string {
  const { translations, ...head } = index;
  if (translations === undefined) return `${JSON.stringify(head, null, 2)}\n`;
  const metadata = JSON.stringify(translations);
  const text = JSON.stringify({ ...head, [LENGTH]: metadata.length }, null, 2);
  return `${text.slice(0, -'\n}'.length)},${MARK}${metadata}}\n`;
}

/** An index text cut at its last line: everything else parsed, the metadata's text unparsed. */
export interface SplitIndex {
  /** The parsed JSON of the text; without `translations` (nor its length) when `translations` is given. */
  readonly head: unknown;
  /** The JSON text of the `translations` member, when the text has the layout `indexText` writes. */
  readonly translations?: string;
}

/** `text` without the JSON whitespace (space, tab, line feed, carriage return) at its end. */
function trimJsonEnd(text: string): string {
  let end = text.length;
  for (let c = text.charCodeAt(end - 1); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(end - 1))
    end--;
  return text.slice(0, end);
}

/**
 * Cuts an index text at the line `indexText` writes last, and parses the rest; a text without that
 * layout is parsed whole. The cut is taken only when the text before that line, closed with one
 * brace, is a JSON object without `translations` whose `translations_length` is the length of
 * the line's value (the line less `"translations":` and the closing brace). A JSON string never
 * holds a raw line feed, and one brace closes the text only when the line starts a member of the
 * outermost object; the length says that the line holds that member's value alone, as written, and
 * no member after it. A line edited to another length is read whole, as JSON.parse reads it. Throws
 * a `SyntaxError` when the text is not JSON (for a text cut so, when the text before its line is not).
 */
export function splitIndexText(text: string): SplitIndex {
  const at = text.lastIndexOf(MARK);
  if (at >= 0) {
    const line = trimJsonEnd(text.slice(at + MARK.length));
    const before = trimJsonEnd(text.slice(0, at));
    const metadata = line.slice(0, -1);
    if (line.endsWith('}') && metadata.startsWith('{') && before.endsWith(',')) {
      const head = headOf(`${before.slice(0, -1)}}`);
      if (head !== undefined && head[LENGTH] === metadata.length && !Object.hasOwn(head, 'translations')) {
        delete head[LENGTH];
        return { head, translations: metadata };
      }
    }
  }
  return { head: JSON.parse(text) };
}

/** The JSON object `text` holds, or undefined when it is not JSON or not an object. */
function headOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
