/**
 * The UTF-8 size of `text` when it is over `limit` bytes, else null. A UTF-16 code unit takes 1 to
 * 3 bytes, so text of at most `limit / 3` units is answered without encoding it.
 */
export function utf8SizeOver(text: string, limit: number): number | null {
  if (text.length * 3 <= limit) return null;
  const size = new TextEncoder().encode(text).byteLength;
  return size > limit ? size : null;
}
