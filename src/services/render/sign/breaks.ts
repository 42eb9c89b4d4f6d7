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
export function breakPieces(text: string, locale: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of segmenter(locale, 'word').segment(text)) {
    if (piece && canBreak(piece, segment)) {
      pieces.push(piece);
      piece = '';
    }
    piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

function canBreak(before: string, after: string): boolean {
  if (NO_LINE_START.test(after) || NO_LINE_END.test(before) || /^\s/.test(after)) return false;
  if (NUMBER_END.test(before) && WORD_START.test(after)) return false;
  if (BREAK_AFTER.test(before)) return true;
  return NO_SPACES.test(before.slice(-2)) || NO_SPACES.test(after.slice(0, 2));
}

/** The grapheme clusters of `text` (what a forced break inside a word must not split). */
export function graphemes(text: string, locale: string): string[] {
  return [...segmenter(locale, 'grapheme').segment(text)].map((s) => s.segment);
}
