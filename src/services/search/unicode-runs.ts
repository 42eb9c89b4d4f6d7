/**
 * The Unicode classes the word rules cut text by, read for the blocks the served locales write in
 * (ASCII, Latin, combining marks, Khmer, the spaces and punctuation from U+2000 to U+202F, CJK
 * punctuation and ideographs, full-width forms) from a table, so that a first search need not
 * compile an expression with Unicode property classes: each such expression costs a fresh isolate
 * about a millisecond the first time it runs. Text holding a unit the table leaves out goes to the
 * expression, which gives the same answer: a test compares every unit the table knows with the
 * runtime's own classes, in workerd (queries) and in Node (the build's indexes).
 *
 * Only assigned characters are in the table (an unassigned one may be assigned by a later Unicode
 * version, which the runtime would know and the table would not); surrogates are left out, so text
 * outside the Basic Multilingual Plane always goes to the expression.
 */

/** Not in the table: the caller asks the expression. */
const UNKNOWN = 0;
/** `\p{L}` or `\p{N}`: a letter or a number (any number: digits, ², ¼, Khmer numerals). */
const LETTER = 1;
/** `\p{M}`: a combining mark. */
const MARK = 2;
/** `\p{Zs}`: a space separator. */
const SPACE = 3;
/** None of the above: punctuation, a symbol, a control, a format character, a line or paragraph separator. */
const OTHER = 4;

/**
 * The table: each range's first unit and its class, ascending; a range runs up to the next one's
 * first unit.
 */
const RANGES: readonly (readonly [number, number])[] = [
  [0x0000, OTHER], // controls
  [0x0020, SPACE],
  [0x0021, OTHER], // ASCII punctuation and symbols
  [0x0030, LETTER], // 0-9
  [0x003a, OTHER],
  [0x0041, LETTER], // A-Z
  [0x005b, OTHER],
  [0x0061, LETTER], // a-z
  [0x007b, OTHER], // and the C1 controls
  [0x00a0, SPACE], // no-break space
  [0x00a1, OTHER],
  [0x00aa, LETTER], // ª
  [0x00ab, OTHER],
  [0x00b2, LETTER], // ² ³
  [0x00b4, OTHER],
  [0x00b5, LETTER], // µ
  [0x00b6, OTHER],
  [0x00b9, LETTER], // ¹ º
  [0x00bb, OTHER],
  [0x00bc, LETTER], // ¼ ½ ¾
  [0x00bf, OTHER],
  [0x00c0, LETTER], // Latin-1 letters
  [0x00d7, OTHER], // ×
  [0x00d8, LETTER],
  [0x00f7, OTHER], // ÷
  [0x00f8, LETTER], // to the end of the IPA extensions
  [0x02b0, UNKNOWN],
  [0x0300, MARK], // combining diacritical marks
  [0x0370, UNKNOWN],
  [0x1780, LETTER], // Khmer consonants and independent vowels
  [0x17b4, MARK], // Khmer vowel signs and other signs
  [0x17d4, OTHER],
  [0x17d7, LETTER], // ៗ
  [0x17d8, OTHER],
  [0x17dc, LETTER],
  [0x17dd, MARK],
  [0x17de, UNKNOWN],
  [0x17e0, LETTER], // Khmer digits
  [0x17ea, UNKNOWN],
  [0x17f0, LETTER], // Khmer numeral signs for divination
  [0x17fa, UNKNOWN],
  [0x1e00, LETTER], // Latin extended additional (Vietnamese)
  [0x1f00, UNKNOWN],
  [0x2000, SPACE], // en quad to hair space
  [0x200b, OTHER], // zero-width and directional formats, dashes, quotes, line and paragraph separators
  [0x202f, SPACE], // narrow no-break space
  [0x2030, UNKNOWN],
  [0x3000, SPACE], // ideographic space
  [0x3001, OTHER], // 、。〃〄
  [0x3005, LETTER], // 々〆〇
  [0x3008, OTHER], // CJK brackets and marks
  [0x3021, UNKNOWN],
  [0x3400, LETTER], // CJK unified ideographs extension A
  [0x4dc0, UNKNOWN],
  [0x4e00, LETTER], // CJK unified ideographs
  [0xa000, UNKNOWN],
  [0xff01, OTHER], // full-width punctuation
  [0xff10, LETTER], // full-width digits
  [0xff1a, OTHER],
  [0xff21, LETTER], // full-width A-Z
  [0xff3b, OTHER],
  [0xff41, LETTER], // full-width a-z
  [0xff5b, OTHER],
  [0xff66, UNKNOWN],
];

/** The class of one UTF-16 unit (a number from 0 to 0xFFFF). */
export function classOf(unit: number): number {
  let low = 0;
  let high = RANGES.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (RANGES[mid]![0] <= unit) low = mid;
    else high = mid - 1;
  }
  return RANGES[low]![1];
}

/** The classes of the units of `text`, or undefined if the table leaves one out. */
function classesOf(text: string): Uint8Array | undefined {
  const classes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = classOf(text.charCodeAt(i));
    if (c === UNKNOWN) return undefined;
    classes[i] = c;
  }
  return classes;
}

/** What parts words: a code point that is no letter, mark or number. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
/** What parts phrases: NOT_WORD but for space separators. */
const PHRASE_BREAK = /[^\p{L}\p{M}\p{N}\p{Zs}]+/u;
const MARKS = /\p{M}/gu;

/**
 * The pieces between runs of units that are not kept (letters, marks and numbers, and space
 * separators too with `spaces`), an empty piece at an end that is such a run: `split` by NOT_WORD
 * or PHRASE_BREAK, which answers where the table leaves a unit out.
 */
function piecesOf(text: string, spaces: boolean): string[] {
  const classes = classesOf(text);
  if (!classes) return text.split(spaces ? PHRASE_BREAK : NOT_WORD);
  const pieces: string[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = classes[i]!;
    if (c === LETTER || c === MARK || (spaces && c === SPACE)) {
      i++;
      continue;
    }
    pieces.push(text.slice(from, i));
    while (i < text.length && (classes[i] === OTHER || (!spaces && classes[i] === SPACE))) i++;
    from = i;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** `text.split(/[^\p{L}\p{M}\p{N}]+/u)`: the runs of letters, marks and numbers, and empty strings where text starts or ends outside one. */
export const wordPieces = (text: string): string[] => piecesOf(text, false);

/** `text.split(/[^\p{L}\p{M}\p{N}\p{Zs}]+/u)`: the text between punctuation, symbols and line breaks. */
export const phrasePieces = (text: string): string[] => piecesOf(text, true);

/** `text.replace(/\p{M}/gu, '')`: the text without its combining marks. */
export function withoutMarks(text: string): string {
  const classes = classesOf(text);
  if (!classes) return text.replace(MARKS, '');
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (classes[i] !== MARK) continue;
    out += text.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
