import { asciiJson } from '../core/ascii-json.js';
import { StorageFailure } from '../core/storage.js';
import { decodeUtf8 } from '../core/utf8.js';
import type { Bundle } from '../domain/bundle.js';
import { deferElements, type ElementsField, elementsField, listedForm } from './packed-elements.js';

/**
 * The form the embedded set's files take in a deployment (the build writes it), and the packed
 * object publish writes beside each release object in the bucket (decisions 065, 067, 073). A release as
 * published, but for the parts only some calls read: the symbols (icons, renders) and each
 * locale's search index (a search in that locale). These follow the release's own JSON, one line
 * each (JSON has no raw line break), and the release names each by its line's number (1, 2, ...).
 * A first call then parses only the first line (a part inside it, even as a JSON string, would
 * still be scanned and copied), and each part is parsed on its first read, once per isolate.
 * With `elementsLine` (decision 067), the elements are on a line of their own too, with where
 * each one's text ends recorded in the release's line (`packed-elements.ts`), so that a call that
 * reads a few elements by id parses those alone; with `listed` too (decision 073), the elements'
 * listed forms (`listedForm`: the fields a list shows by default) follow on a line of their own,
 * named by the elements' field, so that a first list of many elements parses those alone. With
 * `ascii`, every line is in ASCII (`asciiJson`). The embedded set's files have all three; a
 * bucket's packed object has the elements' line and their listed forms (a reader of decision 067's
 * form reads it as before, never reading the listed line) and stays UTF-8 (its texts in other
 * scripts would take more bytes, and parse slower, escaped).
 * The content hash is that of the release as published (docs/content-hash.md); a packed file's
 * content hash is never recomputed (a bucket's packed object is checked by the hash of its bytes
 * that publish recorded), and a release read back from it is the published release, field for field.
 */
export function packRelease(
  bundle: Bundle,
  options: { elementsLine?: boolean; listed?: boolean; ascii?: boolean } = {},
): string {
  const json = options.ascii ? (value: unknown) => asciiJson(JSON.stringify(value)) : JSON.stringify;
  const parts: string[] = [];
  /** Puts a part's text on the next line and answers that line's number. */
  const onLine = (text: string) => parts.push(text);
  let elements: unknown = bundle.elements;
  if (options.elementsLine) {
    const texts = bundle.elements.map((element) => json(element));
    const field: ElementsField = elementsField(onLine(`[${texts.join(',')}]`), bundle.elements, texts);
    if (options.listed) field.listed = onLine(json(bundle.elements.map(listedForm)));
    elements = field;
  }
  const symbols = onLine(json(bundle.symbols));
  const search_index = Object.fromEntries(
    Object.entries(bundle.search_index).map(([locale, index]) => [locale, onLine(json(index))]),
  );
  return [json({ ...bundle, elements, symbols, search_index }), ...parts].join('\n');
}

/** A packed file's lines: `lines(n)` is line `n`'s text, `lines.raw(n)` the line as the file holds it (text, or bytes undecoded). */
export interface Lines {
  (n: number): string | undefined;
  raw(n: number): string | Uint8Array | undefined;
}

/**
 * A packed file's lines, from its text or its UTF-8 bytes; `line(n)` is undefined past the last. The
 * file is split at its line feeds only as far as the lines read so far, and bytes are decoded one
 * line at a time, on that line's first read: a first call scans and decodes only the release's own
 * line. A raw line feed (byte 0x0A) never occurs inside a multi-byte UTF-8 sequence, nor inside JSON
 * text, so splitting the bytes at it splits the text at it.
 */
export function linesOf(file: string | Uint8Array): Lines {
  const text = typeof file === 'string' ? file : undefined;
  const bytes = typeof file === 'string' ? undefined : file;
  const feedFrom = (at: number) => (text !== undefined ? text.indexOf('\n', at) : bytes!.indexOf(10, at));
  const cut = (start: number, end: number) =>
    text !== undefined ? text.slice(start, end) : decodeUtf8(bytes!.subarray(start, end));
  /** Where each line found so far starts; `file.length + 1` once past the last line. */
  const starts = [0];
  const startOf = (n: number): number => {
    while (starts.length <= n) {
      const last = starts[starts.length - 1]!;
      if (last > file.length) return last;
      const at = feedFrom(last);
      starts.push(at === -1 ? file.length + 1 : at + 1);
    }
    return starts[n]!;
  };
  const lines = ((n: number) => {
    const start = startOf(n);
    return start > file.length ? undefined : cut(start, startOf(n + 1) - 1);
  }) as Lines;
  lines.raw = (n) => {
    const start = startOf(n);
    if (start > file.length) return undefined;
    const end = startOf(n + 1) - 1;
    return text !== undefined ? text.slice(start, end) : bytes!.subarray(start, end);
  };
  return lines;
}

/**
 * Release `id` parsed from a packed file (its text, or its bytes as UTF-8), its parts parsed on their
 * first read (a published file, with nothing packed, is answered as it is). A part that is missing
 * or not JSON is a damaged copy: reading it throws a StorageFailure for the release
 * (`upstream_error`), never a fault.
 */
export function unpackRelease(file: string | Uint8Array, id: string): Bundle {
  const line = linesOf(file);
  // A part's line: a whole number past the release's own line, else none.
  const part = (n: unknown) => (Number.isInteger(n) && (n as number) > 0 ? () => line(n as number) : undefined);
  const bundle = JSON.parse(line(0)!) as Bundle;
  // Not a list: held by line (`deferElements` refuses any other value).
  if (!Array.isArray(bundle.elements)) deferElements(bundle, line, id);
  if (typeof bundle.symbols === 'number') defer(bundle, 'symbols', part(bundle.symbols), id);
  const indexes = bundle.search_index as Record<string, unknown> | undefined;
  if (typeof indexes !== 'object' || indexes === null)
    throw new StorageFailure(`release ${id}: its file has no search indexes`, id);
  for (const locale of Object.keys(indexes))
    if (typeof indexes[locale] === 'number') defer(indexes, locale, part(indexes[locale]), id);
  return bundle;
}

/**
 * Makes `holder[key]` the value of `text`'s JSON (no text, or none read: missing), read and parsed on
 * first read; a failure is kept and thrown again. Once read, the part no longer holds its text's
 * source (a packed file's bytes), which is freed when every part has been read.
 */
function defer(holder: object, key: string, text: (() => string | undefined) | undefined, release: string): void {
  let parsed: { value: unknown } | { failure: StorageFailure } | undefined;
  let source = text;
  Object.defineProperty(holder, key, {
    enumerable: true,
    get() {
      if (parsed === undefined) {
        const read = source;
        source = undefined;
        try {
          const json = read?.();
          if (json === undefined) throw new SyntaxError('no such line');
          parsed = { value: JSON.parse(json) };
        } catch {
          parsed = {
            failure: new StorageFailure(`release ${release}: its packed ${key} is missing or not JSON`, release),
          };
        }
      }
      if ('failure' in parsed) throw parsed.failure;
      return parsed.value;
    },
  });
}
