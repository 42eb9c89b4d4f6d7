import { MadeOnRead } from '../core/made-on-read.js';
import { StorageFailure } from '../core/storage.js';
import type { Bundle } from '../domain/bundle.js';
import type { MaterializedElement } from '../domain/content.js';
import { decodeUtf8, encodeUtf8, utf8Length } from '../core/utf8.js';
import type { Lines } from './packed-release.js';

/**
 * How a packed file holds a release's elements (decision 067): one line, the elements as
 * a JSON array, named in the release's own line by `line`, with each element's id (`ids`) and
 * where its text ends in that line (`ends`, in UTF-8 bytes of the line: element `i` is the text
 * from byte `ends[i - 1] + 1`, or 1 for the first, to byte `ends[i]`). A bucket's packed object has
 * the same (decision 067). An element read from bytes is cut from them and decoded alone; from an
 * ASCII text (the embedded set's files) it is cut from the text, where a byte is a character; a
 * text beyond ASCII is encoded once to find its bytes.
 */
export interface ElementsField {
  line: number;
  ids: string[];
  ends: number[];
  /** The line of the elements' listed forms (`listedForm`, in the elements' order), where the file has one. */
  listed?: number;
}

/**
 * The fields of an element a list shows unless asked for others (`list_elements`' default). The
 * embedded set's files hold them for every element on a line of their own (decision 073), so that a
 * first list of many elements parses those few fields, not every element whole.
 */
export const LISTED_FIELDS = ['id', 'title', 'category_id'] as const;

/** An element's listed form: its `LISTED_FIELDS`, those it has, in that order. */
export type ListedElement = Pick<MaterializedElement, (typeof LISTED_FIELDS)[number]>;

/** The listed form of `element`, as the embedded set's files hold it. */
export function listedForm(element: MaterializedElement): ListedElement {
  const out: Record<string, unknown> = {};
  for (const field of LISTED_FIELDS) if (field in element) out[field] = element[field];
  return out as ListedElement;
}

/** `elements` as `packRelease` writes it for the embedded set, for elements whose JSON texts are `texts`. */
export function elementsField(line: number, elements: readonly MaterializedElement[], texts: readonly string[]) {
  let end = 0;
  return {
    line,
    ids: elements.map((e) => e.id),
    ends: texts.map((text) => (end += 1 + utf8Length(text))),
  } satisfies ElementsField;
}

/**
 * A release's elements read from their line (`ElementsField`): the ids known from the start, each
 * element parsed on its first read, once, and the whole list in one parse of the line. The same
 * object answers every read of an element, by `at` or in the release's `elements`.
 */
export class PackedElements {
  private parsed: (MaterializedElement | undefined)[];
  private unread: number;
  /** The elements' line as the file holds it: an ASCII text, or bytes. */
  private held: string | Uint8Array | undefined;
  private source: (() => string | Uint8Array | undefined) | undefined;
  /** The listed forms' line, until read; then its forms, or null when it does not read as theirs. */
  private listedSource: (() => string | undefined) | undefined;
  private listedForms: readonly ListedElement[] | null | undefined;
  private byPosition: ReadonlyMap<string, number> | undefined;

  constructor(
    private readonly field: ElementsField,
    source: () => string | Uint8Array | undefined,
    private readonly release: string,
    listedSource?: () => string | undefined,
  ) {
    this.parsed = new Array(field.ids.length);
    this.unread = field.ids.length;
    // No element to read: nothing holds the file.
    this.source = field.ids.length === 0 ? undefined : source;
    this.listedSource = field.ids.length === 0 ? undefined : listedSource;
    if (!this.listedSource) this.listedForms = null;
  }

  get ids(): readonly string[] {
    return this.field.ids;
  }

  /**
   * The elements by id, as `new Map(elements.map((e) => [e.id, e]))` would answer (the same keys in
   * the same order, a repeated id answering its last element), but with the keys and `has` known from
   * the ids, and each element parsed when first asked for (its StorageFailure thrown on each read of
   * a damaged one): a call that reads a few elements parses those alone (decision 067).
   */
  byId(): ReadonlyMap<string, MaterializedElement> {
    return new MadeOnRead(this.positions(), (i) => this.at(i));
  }

  /** Each id's position in the elements (a repeated id, its last), made once for both maps by id. */
  private positions(): ReadonlyMap<string, number> {
    return (this.byPosition ??= new Map(this.field.ids.map((id, i) => [id, i])));
  }

  /** Whether the file names a listed line for these elements (decision 073), asked before any is read. */
  get hasListedLine(): boolean {
    return this.listedForms !== null;
  }

  /**
   * The elements' listed forms by id (`listedForm`): element `i`'s from the listed line when the file
   * has one and the element is not parsed yet, else the element itself (which has those fields and
   * more: a list projects them). The line is parsed whole on the first read; a line that does not
   * read as the listed forms of these ids is passed over, and the elements are read instead.
   */
  listedById(): ReadonlyMap<string, ListedElement> {
    return new MadeOnRead(this.positions(), (i) => this.listed(i));
  }

  private listed(i: number): ListedElement {
    const parsed = this.parsed[i];
    if (parsed !== undefined) return parsed;
    if (this.listedForms === undefined) this.listedForms = this.readListed();
    return this.listedForms?.[i] ?? this.at(i);
  }

  private readListed(): readonly ListedElement[] | null {
    const read = this.listedSource!;
    this.listedSource = undefined;
    const { ids } = this.field;
    let forms: unknown;
    try {
      forms = JSON.parse(read() ?? '');
    } catch {
      return null;
    }
    if (!Array.isArray(forms) || forms.length !== ids.length) return null;
    for (let i = 0; i < ids.length; i++) if (!isListedForm(forms[i], ids[i]!)) return null;
    return forms as ListedElement[];
  }

  /** The elements' line, read on first use (a text beyond ASCII as its bytes); undefined once every element is read. */
  private line(): string | Uint8Array | undefined {
    if (this.held === undefined && this.source !== undefined) {
      const raw = this.source();
      this.source = undefined;
      // The line is cut in the unit its length has: the last end and the closing bracket. A text in
      // ASCII has its bytes' length; a text beyond ASCII is shorter than its bytes, and is encoded
      // to be cut by them. Bytes of another length are decoded to be cut by characters: ends that
      // count UTF-16 units, as the form first did, read so too.
      const length = (this.field.ends[this.field.ends.length - 1] ?? 0) + 1;
      let line = raw;
      if (line instanceof Uint8Array && line.length !== length) line = decodeUtf8(line);
      if (typeof line === 'string' && line.length !== length) line = encodeUtf8(line);
      this.held = line;
    }
    return this.held;
  }

  /** Bytes `start` to `end` of the line, as text. */
  private cut(start: number, end: number): string {
    const line = this.line()!;
    return typeof line === 'string' ? line.slice(start, end) : decodeUtf8(line.subarray(start, end));
  }

  /**
   * Element `i` (id `ids[i]`), parsed on its first read. Text that is missing, not JSON, or not an
   * element with that id is a damaged file: a StorageFailure for the release, thrown on each read.
   */
  at(i: number): MaterializedElement {
    const hit = this.parsed[i];
    if (hit !== undefined) return hit;
    const { ids, ends } = this.field;
    let element: unknown;
    try {
      element = JSON.parse(this.cut(i === 0 ? 1 : ends[i - 1]! + 1, ends[i]!));
    } catch {
      element = undefined;
    }
    if (!isElement(element, ids[i]!))
      throw new StorageFailure(
        `release ${this.release}: its packed element ${ids[i]} is missing or not JSON`,
        this.release,
      );
    this.parsed[i] = element;
    if (--this.unread === 0) this.done();
    return element;
  }

  /** Every element, in the release's order: one list, kept (the release's `elements`). */
  all(): MaterializedElement[] {
    if (this.unread > 0) this.readLine();
    if (this.unread > 0) for (let i = 0; i < this.field.ids.length; i++) this.at(i);
    return this.parsed as MaterializedElement[];
  }

  /**
   * Parses the whole line at once. A line that does not read as the listed elements is left to
   * `at`, element by element, which names the damaged one.
   */
  private readLine(): void {
    const { ids } = this.field;
    let listed: unknown;
    try {
      const line = this.line()!;
      listed = JSON.parse(typeof line === 'string' ? line : decodeUtf8(line));
    } catch {
      return;
    }
    if (!Array.isArray(listed) || listed.length !== ids.length) return;
    for (let i = 0; i < ids.length; i++) if (!isElement(listed[i], ids[i]!)) return;
    // Elements read before stay the objects answered; the rest are the line's.
    for (let i = 0; i < ids.length; i++) if (this.parsed[i] !== undefined) listed[i] = this.parsed[i];
    this.parsed = listed as MaterializedElement[];
    this.unread = 0;
    this.done();
  }

  /** Every element read: the lines, and the file they came from, are no longer held (a list reads the elements now). */
  private done(): void {
    this.held = undefined;
    this.source = undefined;
    this.listedSource = undefined;
    this.listedForms = null;
  }
}

const isElement = (value: unknown, id: string): value is MaterializedElement =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id;

/**
 * Whether `value` has the shape of element `id`'s listed form: its id, and no key but the listed
 * fields. Its values cannot be checked without the element; publish reads them back against the
 * elements before it writes a packed object (cli/publish/packed-objects.ts).
 */
const isListedForm = (value: unknown, id: string): value is ListedElement =>
  isElement(value, id) && Object.keys(value).every((key) => (LISTED_FIELDS as readonly string[]).includes(key));

const isWhole = (value: unknown): value is number => Number.isInteger(value);

/** The packed elements of bundles read from packed files that hold an elements' line. */
const packed = new WeakMap<Bundle, PackedElements>();

/** The packed elements `bundle` was read with (`deferElements`), if any: a reader of a few elements asks them. */
export function packedElementsOf(bundle: Bundle): PackedElements | undefined {
  return packed.get(bundle);
}

/**
 * Makes `bundle.elements`, held as an `ElementsField`, the elements parsed from their line on its
 * first read (`lines.raw(n)` reads line `n` of the file), and records them for readers of a few
 * elements. A field of any other form (missing, null, a number, an object without the three) is a
 * damaged file: a StorageFailure now.
 */
export function deferElements(bundle: Bundle, lines: Lines, release: string): void {
  const field = bundle.elements as unknown as Partial<ElementsField> | null;
  const { line: at, ids, ends, listed } = field ?? {};
  if (
    !isWhole(at) ||
    at < 1 ||
    !Array.isArray(ids) ||
    !ids.every((id) => typeof id === 'string') ||
    !Array.isArray(ends) ||
    ends.length !== ids.length ||
    !ends.every(isWhole) ||
    (listed !== undefined && !(isWhole(listed) && listed >= 1))
  )
    throw new StorageFailure(`release ${release}: its file lists its elements neither whole nor by line`, release);
  const elements = new PackedElements(
    { line: at, ids, ends },
    () => lines.raw(at),
    release,
    listed === undefined ? undefined : () => lines(listed),
  );
  packed.set(bundle, elements);
  answerElements(bundle, elements);
}

/**
 * Makes `bundle.elements` read `elements.all()` (which keeps the list it parsed: later reads answer
 * it). The getter is made here, apart from `deferElements`: a closure keeps every variable its
 * scope's closures read, and there the line readers hold the whole file, which would then live as
 * long as the release.
 */
function answerElements(bundle: Bundle, elements: PackedElements): void {
  Object.defineProperty(bundle, 'elements', { enumerable: true, get: () => elements.all() });
}
