import { expandEntries } from '../../src/store/posting-code.js';

/**
 * The compact form (src/store/posting-code.ts) of `text`, one index entry as compact JSON.
 * Throws if the compact form does not expand back to `text`.
 */
export function compactEntry(text: string): string {
  const [term, ...postings] = JSON.parse(text) as [string, ...number[][]];
  const code = `${JSON.stringify(term).slice(1, -1)}"${postings.map((p) => p.join(',')).join('|')}`;
  if (expandEntries(code) !== text) throw new Error(`compactEntry: the term of ${text} has no compact form`);
  return code;
}
