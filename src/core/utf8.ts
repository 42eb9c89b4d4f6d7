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

/** The UTF-8 size of `text` in bytes, counted without encoding it (a lone surrogate as the 3 bytes of U+FFFD, as TextEncoder writes it). */
export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
