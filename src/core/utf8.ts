/**
 * The UTF-8 size of `text` when it is over `limit` bytes, else null. A UTF-16 code unit takes 1 to
 * 3 bytes, so text of at most `limit / 3` units is answered without counting it.
 */
export function utf8SizeOver(text: string, limit: number): number | null {
  if (text.length * 3 <= limit) return null;
  const size = utf8Length(text);
  return size > limit ? size : null;
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Whether `text` is all ASCII. Text matched against Unicode's property classes (`\p{L}` and the
 * like) can take an ASCII pattern then: compiling a property class costs a fresh isolate 0.4-0.9 ms
 * on its first use, an ASCII class next to nothing.
 */
export const isAscii = (text: string): boolean => !NON_ASCII.test(text);
const encoder = new TextEncoder();
/** Largest scratch buffer kept for counting; longer text is encoded into a buffer of its own. */
const SCRATCH_LIMIT = 1024 * 1024;
let scratch = new Uint8Array(0);

/**
 * Text up to this many UTF-16 units is first scanned for a non-ASCII character (then its length is
 * its size). Longer text goes to the encoder at once: for a page of ASCII the encoder's count is
 * cheaper than the scan (a render's 58 KB page: the scan was 5.1% of a warm render and read's script,
 * the encoder's count takes 60% of its time), and text that is not ASCII is encoded either way. Text
 * too long for the scratch buffer is scanned first again: the encoder would copy it whole.
 */
const SCAN_FIRST_MAX = 1024;

/**
 * The UTF-8 size of `text` in bytes (a lone surrogate as the 3 bytes of U+FFFD, as TextEncoder
 * writes it). Written by the runtime's encoder into a scratch buffer kept per isolate (at most
 * SCRATCH_LIMIT bytes): about three times faster than counting in script once optimised, and ten
 * times on the first calls of an isolate, before the script is.
 */
export function utf8Length(text: string): number {
  const room = text.length * 3;
  if ((text.length <= SCAN_FIRST_MAX || room > SCRATCH_LIMIT) && isAscii(text)) return text.length;
  if (room > scratch.length) {
    if (room > SCRATCH_LIMIT) return encoder.encode(text).byteLength;
    scratch = new Uint8Array(Math.max(room, 64 * 1024));
  }
  return encoder.encodeInto(text, scratch).written;
}

/** The UTF-8 bytes of `text` (a lone surrogate as U+FFFD's). */
export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Decodes as a text reads: a leading U+FEFF is kept, and a byte sequence that is not UTF-8 reads as U+FFFD. */
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The text of UTF-8 bytes, as the text they were written from reads (a packed file's lines: packed-release.ts). */
export function decodeUtf8(bytes: Uint8Array): string {
  return lenient.decode(bytes);
}

/** ES2024's well-formedness methods of strings (the runtimes have them; the compiler's library here predates them). */
type WellFormedText = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * `text` with every lone surrogate (half of a UTF-16 pair, which JSON's `\ud800` escapes can carry
 * in) as U+FFFD. Such a string has no UTF-8 form: an answer made of it would go out as bytes that
 * are not UTF-8. Text that is already well formed is answered as it is.
 */
export function wellFormed(text: string): string {
  const t = text as WellFormedText;
  return t.isWellFormed() ? text : t.toWellFormed();
}
