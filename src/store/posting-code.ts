/**
 * The compact form of a search-index entry (see `PackedIndex` in src/services/search-pack.ts) as
 * the fragment pool stores it: the inside of the term's JSON string, a quote, then each field's
 * posting (field id, documents, counts) comma-separated, the postings separated by `|`.
 * `youth"1,91,98|5,98,-2` is `["youth",[1,91,98],[5,98,-2]]`. A term whose JSON holds a quote or
 * a `|` has no compact form (the build refuses it).
 */

/** The JSON text of consecutive index entries, given one per line, comma-separated as in their array. */
export function expandEntries(lines: string): string {
  return `["${lines.replaceAll('"', '",[').replaceAll('|', '],[').replaceAll('\n', ']],["')}]]`;
}
