import { expandEntries } from './posting-code.js';

/**
 * Releases stored as references into one pool of JSON fragments that every release shares, so
 * content two releases have in common is embedded once. Expanding a release's fragments in order
 * and joining them gives its bundle JSON, byte for byte as written by the build.
 *
 * Search-index entries (the fragments from `postingsFrom` on) are kept in their compact form
 * (src/store/posting-code.ts); a run of consecutive entries expands to the comma-separated JSON
 * of one index's entries. They number documents in one numbering shared by all releases: the
 * ids of every release's documents, merged and sorted. A release whose documents are not exactly
 * that list maps each shared number back to its own document number.
 */
export interface PooledRelease {
  /**
   * The pool indices of the release's fragments in order, as runs `[skip, count, skip, count, ...]`:
   * each run starts `skip` after the end of the previous one (the first after 0; `skip` may be negative).
   */
  readonly runs: readonly number[];
  /** The shared number of each of the release's documents, in its own order; absent when they are 0..n-1. */
  readonly docs?: readonly number[];
}

export interface FragmentPool {
  /** Every fragment, joined by newlines (compact JSON and compact entries never hold a raw newline). */
  readonly text: string;
  /** Index of the first search-index entry. */
  readonly postingsFrom: number;
}

/**
 * `block` (expanded entries) with each doc number that `own` maps elsewhere replaced by its own
 * number: a doc number is a digit run right after a comma (field ids follow a bracket, counts a
 * minus). One scan, no pattern.
 */
function renumberDocs(block: string, own: readonly number[]): string {
  let out = '';
  let copied = 0;
  for (let at = block.indexOf(','); at >= 0; at = block.indexOf(',', at + 1)) {
    let end = at + 1;
    while (end < block.length && block.charCodeAt(end) >= 48 && block.charCodeAt(end) <= 57) end++;
    if (end === at + 1) continue;
    const shared = Number(block.slice(at + 1, end));
    const mine = own[shared];
    if (mine === undefined || mine === shared) continue;
    out += `${block.slice(copied, at + 1)}${mine}`;
    copied = end;
  }
  return copied === 0 ? block : out + block.slice(copied);
}

/** Where each fragment of `text` starts, then one past the end of the last. */
function fragmentStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  starts.push(text.length + 1);
  return starts;
}

/** The bundle JSON of `release`; `starts` are the pool's `fragmentStarts`. */
function assembleText(pool: FragmentPool, starts: readonly number[], release: PooledRelease): string {
  const { text, postingsFrom } = pool;
  const own: number[] = [];
  release.docs?.forEach((shared, i) => {
    own[shared] = i;
  });
  const changed = own.some((mine, shared) => mine !== shared);
  const parts: string[] = [];
  let entries = '';
  const flushEntries = (): void => {
    if (entries === '') return;
    const block = expandEntries(entries);
    parts.push(changed ? renumberDocs(block, own) : block);
    entries = '';
  };
  const slice = (from: number, to: number): string => text.slice(starts[from], starts[to]! - 1);
  let at = 0;
  for (let r = 0; r < release.runs.length; r += 2) {
    at += release.runs[r]!;
    const end = at + release.runs[r + 1]!;
    if (at < postingsFrom) {
      const textEnd = Math.min(end, postingsFrom);
      flushEntries();
      parts.push(slice(at, textEnd).replaceAll('\n', ''));
      at = textEnd;
    }
    if (at < end) {
      entries = entries === '' ? slice(at, end) : `${entries}\n${slice(at, end)}`;
      at = end;
    }
  }
  flushEntries();
  return parts.join('');
}

/**
 * A record of bundle JSON texts by release id whose values are assembled when read (each read
 * assembles afresh; the store parses a release once and keeps the result).
 */
export function pooledTexts(
  pool: FragmentPool,
  releases: Readonly<Record<string, PooledRelease>>,
): Readonly<Record<string, string>> {
  let starts: readonly number[] | undefined;
  const texts: Record<string, string> = {};
  for (const [id, release] of Object.entries(releases)) {
    Object.defineProperty(texts, id, {
      enumerable: true,
      get: () => assembleText(pool, (starts ??= fragmentStarts(pool.text)), release),
    });
  }
  return texts;
}
