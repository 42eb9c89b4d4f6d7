import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { computeContentHash } from '../../cli/bundle/content-hash.js';
import { type BucketClient, localBucket } from '../../cli/publish/buckets.js';
import { type Outcome, publish } from '../../cli/publish/publish.js';
import { parseVersionId } from '../../src/core/version.js';
import { type Bundle, objectHashesOf, VersionIndex } from '../../src/domain/bundle.js';
import { checkedBundle, fetchBucketRelease, objectHashOf, releaseKey } from '../../src/store/bucket.js';
import { type Fixture, makeFixture } from './fixture.js';

/**
 * Two publishers at once on one local bucket: two clients of wrangler's R2 simulation persisted in
 * one directory, each its own workerd process, as two `schema publish` runs (or a publish beside
 * `wrangler dev`) are. A fixed number of pairs, each started together; whatever the interleaving,
 * no published release may be missing from the index, a stable id may be published by one of two
 * different contents only, and every index entry must name an object holding that release.
 */
const PAIRS = 12;

type Built = { bundle: Bundle; json: string };

/** `base` as release `version`, its content made unique by `notes`, its hash stamped anew. */
function variant(base: Bundle, version: string, notes: string): Built {
  const status = parseVersionId(version).value?.beta ? 'beta' : 'stable';
  const copy: Bundle = { ...base, manifest: { ...base.manifest, version, status, notes } };
  const bundle = { ...copy, manifest: { ...copy.manifest, content_hash: computeContentHash(copy) } };
  return { bundle, json: JSON.stringify(bundle) };
}

/** Counts the conditional writes a client lost (the retry path taken). */
function counting(client: BucketClient): BucketClient & { lost: number } {
  const counted = {
    ...client,
    lost: 0,
    async put(key: string, text: string, condition?: Parameters<BucketClient['put']>[2]) {
      const wrote = await client.put(key, text, condition);
      if (!wrote) counted.lost++;
      return wrote;
    },
  };
  return counted;
}

describe('two publishes at once on a real local bucket', () => {
  let fx: Fixture;
  let base: Bundle;
  let one: BucketClient & { lost: number };
  let two: BucketClient & { lost: number };

  /** The index as stored: it must parse, and every entry must be its release, object and hash. */
  async function checkedIndex(): Promise<VersionIndex> {
    const index = VersionIndex.parse(JSON.parse((await one.get('index.json'))?.text ?? 'null'));
    const reader = {
      get: async (key: string) => {
        const stored = await one.get(key);
        return stored ? { text: async () => stored.text } : null;
      },
    };
    const hashes = objectHashesOf(index);
    for (const entry of index.versions) {
      await checkedBundle(await fetchBucketRelease(reader, entry), entry);
      // The index's hash of each object is that of the bytes stored (decision 051).
      const key = releaseKey(entry.id, entry.content_hash);
      expect(hashes.get(key), key).toBe(await objectHashOf((await one.get(key))!.text));
    }
    return index;
  }

  beforeAll(async () => {
    fx = makeFixture('2026-01-01');
    const compiled = compileRelease(fx.dir, parseVersionId('ai@2026-01-01').value!);
    base = compiled.bundle!;
    const persistTo = join(fx.base, 'state');
    one = counting(await localBucket(persistTo));
    two = counting(await localBucket(persistTo));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    fx?.cleanup();
  });

  it(`loses no release when two new betas are published at once (${PAIRS} pairs)`, async () => {
    const expected = new Set<string>();
    for (let pair = 1; pair <= PAIRS; pair++) {
      const day = String(pair).padStart(2, '0');
      const a = variant(base, `ai@2026-03-${day}-beta`, `first of pair ${pair}`);
      const b = variant(base, `ai@2026-04-${day}-beta`, `second of pair ${pair}`);
      const [outA, outB] = await Promise.all([publish(one, [a]), publish(two, [b])]);
      expect([outA[0]!.result, outB[0]!.result]).toEqual(['published', 'published']);
      expected.add(a.bundle.manifest.version).add(b.bundle.manifest.version);
      const index = await checkedIndex();
      expect(new Set(index.versions.map((v) => v.id))).toEqual(expected);
      expect(index.versions.find((v) => v.id === a.bundle.manifest.version)?.content_hash).toBe(
        a.bundle.manifest.content_hash,
      );
      expect(index.versions.find((v) => v.id === b.bundle.manifest.version)?.content_hash).toBe(
        b.bundle.manifest.content_hash,
      );
    }
    console.info(`betas: ${PAIRS} pairs, index writes lost and retried: ${one.lost + two.lost}`);
  });

  it(`publishes one new stable id once when two contents race for it (${PAIRS} pairs)`, async () => {
    const before = one.lost + two.lost;
    let firstWon = 0;
    for (let pair = 1; pair <= PAIRS; pair++) {
      const id = `ai@2026-05-${String(pair).padStart(2, '0')}`;
      const a = variant(base, id, `first of pair ${pair}`);
      const b = variant(base, id, `second of pair ${pair}`);
      expect(a.bundle.manifest.content_hash).not.toBe(b.bundle.manifest.content_hash);
      const [outA, outB] = (await Promise.all([publish(one, [a]), publish(two, [b])])).map((o) => o[0]!) as [
        Outcome,
        Outcome,
      ];
      const results = [outA.result, outB.result].sort();
      expect(results).toEqual(['published', 'refused']);
      const [won, lost] = outA.result === 'published' ? [a, b] : [b, a];
      if (won === a) firstWon++;
      const refusal = outA.result === 'refused' ? outA : outB;
      expect(refusal.result === 'refused' && refusal.reason).toMatch(/a stable release never changes/);
      const entry = (await checkedIndex()).versions.find((v) => v.id === id);
      expect(entry?.content_hash).toBe(won.bundle.manifest.content_hash);
      expect(await one.get(`releases/${id}/${lost.bundle.manifest.content_hash}.json`)).toBeUndefined();
      // The loser publishing again is still refused, and the winner again is unchanged.
      expect((await publish(two, [lost]))[0]!.result).toBe('refused');
      expect((await publish(one, [won]))[0]!.result).toBe('unchanged');
    }
    console.info(
      `stable: ${PAIRS} pairs, first publisher won ${firstWon}, conditional writes lost: ${one.lost + two.lost - before}`,
    );
  });
});
