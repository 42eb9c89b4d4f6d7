/**
 * Where a line of the sign may break, for every script the sign prints. Spaces separate words in
 * Latin and Vietnamese; Chinese and Khmer write words without spaces (Khmer spaces phrases), so
 * `Intl.Segmenter` (word granularity, in the text's locale) finds the word boundaries there. No
 * break puts at the start of a line a mark that must follow text (closing brackets and quotes,
 * Chinese stops and commas, the Khmer khan ។), nor at the end of a line a mark that must precede it
 * or a no-break space; a number stays with the word written right after it ("90天").
 */

/** Characters of scripts written without spaces between words, and the full-width punctuation they use. */
const NO_SPACES =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Khmer}\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef]/u;

/** What may not start a line (Chinese kinsoku, Khmer khan and signs, Latin closing punctuation, no-break spaces). */
export const NO_LINE_START =
  /^[、。，．：；？！）」』】〕〉》〗〙〛〞’”…‥・ー々〆ゝゞヽヾ％‰℃°·,.;:!?)\]}។៕៖ៗ\u00a0\u202f\u2007\u17b6-\u17d3\u17dd]/u;

/** What may not end a line: opening brackets and quotes, and no-break spaces (which join a number to its unit: "៩០ ថ្ងៃ"). */
const NO_LINE_END = /[（「『【〔〈《〖〘〚〝‘“([{¿¡\u00a0\u2007\u202f]$/u;

/** A number, then a word written right after it: its unit, kept on the number's line ("90天", "៩០ថ្ងៃ"). */
const NUMBER_END = /\p{Nd}$/u;
const WORD_START = /^\p{L}/u;

/** After these a line may always break (a space, or the zero-width space Khmer uses as a break hint). */
const BREAK_AFTER = /[ \u200b]$/;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string, granularity: 'word' | 'grapheme'): Intl.Segmenter {
  const key = `${locale}/${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

/**
 * `text` cut into the pieces a line may break between, in order and whole (joined they are
 * `text`); a piece keeps the space that follows it. Pieces of `locale`'s words.
 */
export function breakPieces(text: string, locale: string): readonly string[] {
  return remembered(`p\u0000${locale}\u0000${text}`, () => cutPieces(text, locale));
}

/**
 * The last results of `breakPieces` and `graphemes`: a sign is laid out once per step of its fitting
 * (the same texts at other widths and sizes), and segmenting a text is most of laying it out. The
 * least recently used is dropped past REMEMBER_AT_MOST results or REMEMBER_CHARS characters of text
 * (a sign of a hundred placements reads a few hundred texts, each under the text cap).
 */
const REMEMBERED = new Map<string, readonly string[]>();
const REMEMBER_AT_MOST = 512;
const REMEMBER_CHARS = 256 * 1024;
let rememberedChars = 0;

function remembered(key: string, make: () => string[]): readonly string[] {
  const known = REMEMBERED.get(key);
  if (known) {
    // Used again: the last to be dropped.
    REMEMBERED.delete(key);
    REMEMBERED.set(key, known);
    return known;
  }
  const made = make();
  REMEMBERED.set(key, made);
  rememberedChars += key.length;
  while (REMEMBERED.size > REMEMBER_AT_MOST || rememberedChars > REMEMBER_CHARS) {
    const oldest = REMEMBERED.keys().next().value!;
    REMEMBERED.delete(oldest);
    rememberedChars -= oldest.length;
  }
  return made;
}

function cutPieces(text: string, locale: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  // The piece's last two UTF-16 units (its last character, or its last two): all a break needs of
  // what precedes it, kept apart so a piece that grows over many segments is never read back whole.
  let tail = '';
  for (const segment of words(text, locale)) {
    if (piece && canBreak(tail, segment)) {
      pieces.push(piece);
      piece = '';
      tail = '';
    }
    piece += segment;
    tail = (tail + segment).slice(-2);
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** How much text one word segmentation is given at least (see `words`). */
const WORD_WINDOW = 256;

/**
 * A space, tab, line end or zero-width space followed by a letter, digit, punctuation, symbol or
 * zero-width space that does not extend what precedes it: the word boundary after it holds whatever
 * surrounds the two (no rule joins them, and no rule reads past them), so text cut there segments as
 * it does whole. Not every white space will do (U+FEFF and U+202F join the words beside them), nor
 * every letter or symbol after it (a skin tone, U+FF9E and U+FF9F extend the character before).
 */
const CERTAIN_BOUNDARY = /[ \t\n\r\u200b](?=(?![\p{Grapheme_Extend}\p{Emoji_Modifier}])[\p{L}\p{N}\p{P}\p{S}\u200b])/gu;

/**
 * `text`'s word segments in `locale`, in order. The segmenter's iteration costs more per segment the
 * longer its text, so a long text is given to it in windows of at least WORD_WINDOW units cut at
 * CERTAIN_BOUNDARY; a text with no such place left (one long word, a run of punctuation) is given
 * whole, and its length is capped where it enters (CAPS.text).
 */
export function* words(text: string, locale: string): Generator<string> {
  let from = 0;
  while (text.length - from > 2 * WORD_WINDOW) {
    CERTAIN_BOUNDARY.lastIndex = from + WORD_WINDOW - 1;
    const at = CERTAIN_BOUNDARY.exec(text);
    if (!at) break;
    const cut = at.index + at[0].length;
    for (const { segment } of segmenter(locale, 'word').segment(text.slice(from, cut))) yield segment;
    from = cut;
  }
  for (const { segment } of segmenter(locale, 'word').segment(text.slice(from))) yield segment;
}

/** Whether a line may break between text ending with `before` (at least its last character) and `after`. */
function canBreak(before: string, after: string): boolean {
  if (NO_LINE_START.test(after) || NO_LINE_END.test(before) || /^\s/.test(after)) return false;
  if (NUMBER_END.test(before) && WORD_START.test(after)) return false;
  if (BREAK_AFTER.test(before)) return true;
  return NO_SPACES.test(before.slice(-2)) || NO_SPACES.test(after.slice(0, 2));
}

/** How much text one grapheme segmentation is given at a time (see `graphemes`). */
const GRAPHEME_WINDOW = 256;

/**
 * The grapheme clusters of `text` (what a forced break inside a word must not split). The
 * segmenter's iteration costs more per cluster the longer its text (16,000 characters took 12 times
 * as long as 4,000), so it is given a window at a time: every cluster but the window's last (which
 * the window's end may have cut) is kept, and the next window starts where that last one started. A
 * cluster's start is a boundary whatever precedes it, so the clusters are those of the whole text.
 */
export function graphemes(text: string, locale: string): readonly string[] {
  return remembered(`g\u0000${locale}\u0000${text}`, () => clusters(text, locale));
}

function clusters(text: string, locale: string): string[] {
  const out: string[] = [];
  let from = 0;
  let size = GRAPHEME_WINDOW;
  while (from < text.length) {
    let end = from + size;
    // Never between the halves of a character: the boundary before the window's last cluster is
    // decided by the character after it, which must be whole.
    const unit = text.charCodeAt(end - 1);
    if (end < text.length && unit >= 0xd800 && unit <= 0xdbff) end -= 1;
    const found = [...segmenter(locale, 'grapheme').segment(text.slice(from, end))].map((s) => s.segment);
    if (end >= text.length) {
      out.push(...found);
      break;
    }
    if (found.length < 2) {
      // One cluster as long as the window (a letter under hundreds of marks): look further.
      size *= 2;
      continue;
    }
    const kept = found.slice(0, -1);
    out.push(...kept);
    for (const c of kept) from += c.length;
    size = GRAPHEME_WINDOW;
  }
  return out;
}
