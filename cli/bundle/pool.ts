import type { Bundle } from '../../src/domain/bundle.js';
import { pooledTexts, type FragmentPool, type PooledRelease } from '../../src/store/pooled.js';
import { bundleFragments } from './fragments.js';
import { compactEntry } from './posting-code.js';
import { renumbered, sharedNumbers } from './shared-numbering.js';

export interface Pooled {
  pool: FragmentPool;
  releases: Record<string, PooledRelease>;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `[skip, count, ...]` runs of a list of indices (see `PooledRelease.runs`). */
function runsOf(refs: readonly number[]): number[] {
  const runs: number[] = [];
  let end = 0;
  for (const ref of refs) {
    if (runs.length > 0 && ref === end) runs[runs.length - 1]!++;
    else runs.push(ref - end, 1);
    end = ref + 1;
  }
  return runs;
}

/**
 * Every distinct fragment of `sequences` once: the first sequence in order, then each fragment
 * a later sequence adds right after the fragment before it there, which is usually the
 * earlier release's version of the same content (so gzip finds the two close together).
 */
function pooledOrder(sequences: readonly (readonly string[])[]): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  for (const sequence of sequences) {
    let after = -1;
    for (const fragment of sequence) {
      if (placed.has(fragment)) {
        after = order.indexOf(fragment);
        continue;
      }
      order.splice(after + 1, 0, fragment);
      placed.add(fragment);
      after += 1;
    }
  }
  return order;
}

/**
 * Pools the fragments (`bundleFragments`) of every bundle, each distinct fragment once (see
 * `pooledOrder`; releases by id), index entries last, in their compact form and numbering
 * documents as `sharedNumbers` does. Throws unless each release reassembles to its exact JSON.
 */
export function poolBundles(bundles: readonly { id: string; bundle: Bundle; json: string }[]): Pooled {
  const sorted = [...bundles].sort((a, b) => byCodeUnits(a.id, b.id));
  const shared = sharedNumbers(sorted);
  const sequences = sorted.map(({ id, bundle }) =>
    bundleFragments(renumbered(bundle, shared.get(id)!)).map(({ text, posting }) => ({
      posting,
      fragment: posting ? compactEntry(text) : text,
    })),
  );
  const section = (posting: boolean): string[] =>
    pooledOrder(sequences.map((s) => s.filter((f) => f.posting === posting).map((f) => f.fragment)));
  const texts = section(false);
  const entries = section(true);
  const fragments = [...texts, ...entries];
  if (fragments.some((f) => f.includes('\n'))) throw new Error('poolBundles: a fragment holds a newline');
  const textAt = new Map(texts.map((f, i) => [f, i]));
  const entryAt = new Map(entries.map((f, i) => [f, texts.length + i]));
  const releases: Record<string, PooledRelease> = {};
  sorted.forEach(({ id }, r) => {
    const docs = shared.get(id)!;
    const runs = runsOf(sequences[r]!.map(({ posting, fragment }) => (posting ? entryAt : textAt).get(fragment)!));
    releases[id] = docs.every((n, i) => n === i) ? { runs } : { runs, docs };
  });
  const pool: FragmentPool = { text: fragments.join('\n'), postingsFrom: texts.length };
  const assembled = pooledTexts(pool, releases);
  for (const { id, json } of sorted) {
    if (assembled[id] !== json) throw new Error(`poolBundles: ${id} does not reassemble to its JSON`);
  }
  return { pool, releases };
}
