import { setTimeout as sleep } from 'node:timers/promises';
import { type Bundle, objectHashesOf, type VersionIndex } from '../../src/domain/bundle.js';
import type { TranslationReview } from '../../src/domain/translations.js';
import {
  checkedBundle,
  INDEX_KEY,
  MAX_RELEASE_BYTES,
  objectHashOf,
  packedKey,
  releaseKey,
} from '../../src/store/bucket.js';
import type { CatalogueEntry } from '../../src/store/catalogue.js';
import type { BucketClient } from './buckets.js';
import { PublishFailure } from './failure.js';
import { type PublishedEntry, readIndex, withEntries } from './index-object.js';
import { vouchedHashes } from './object-hashes.js';
import { packedBytes, writePacked } from './packed-objects.js';
import { claimStable } from './stable-claim.js';

/** What publishing did with one release. */
/**
 * `reviewed`: the content is the published one, only its translation review metadata changed (the
 * index entry is rewritten, no release object).
 */
export type Outcome =
  | { id: string; result: 'published' | 'replaced' | 'reviewed' | 'unchanged'; hash: string }
  | { id: string; result: 'refused'; hash: string; reason: string };

type Built = { bundle: Bundle; json: string; translations?: TranslationReview };

/** The same review metadata, compared as JSON of the built form (absent equals absent). */
const sameReview = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** How many times the index is read, merged and written before giving up on a busy bucket. */
const ATTEMPTS = 12;

const NEVER_CHANGES = 'a stable release never changes. Publish the change as a new release.';

/** A release's entry in the index, aliases aside. */
const entryOf = ({ manifest: m }: Bundle): CatalogueEntry => ({
  id: m.version,
  status: m.status,
  created_at: m.created_at,
  content_hash: m.content_hash,
});

/** Whether a release's object stays as it was published (its content is the published one). */
const stays = (outcome: Outcome): boolean => outcome.result === 'unchanged' || outcome.result === 'reviewed';

/** Each release's outcome against one reading of the index. */
function judge(index: VersionIndex, releases: readonly Built[]): Outcome[] {
  const published = new Map(index.versions.map((v) => [v.id, v]));
  return releases.map(({ bundle, json, translations }) => {
    const m = bundle.manifest;
    // The packed copy (decisions 065, 067) is a few bytes larger than the release: both must be read.
    const bytes = Math.max(Buffer.byteLength(json, 'utf8'), packedBytes(bundle));
    if (bytes > MAX_RELEASE_BYTES)
      return {
        id: m.version,
        result: 'refused',
        hash: m.content_hash,
        reason: `${m.version} is ${bytes} bytes, over the ${MAX_RELEASE_BYTES} a reader reads; split it or trim its texts`,
      };
    const was = published.get(m.version);
    if (!was) return { id: m.version, result: 'published', hash: m.content_hash };
    if (was.content_hash === m.content_hash) {
      const review = sameReview(index.translations?.[m.version], translations);
      return { id: m.version, result: review ? 'unchanged' : 'reviewed', hash: m.content_hash };
    }
    if (was.status === 'stable')
      return {
        id: m.version,
        result: 'refused',
        hash: m.content_hash,
        reason: `${m.version} is published as stable with ${was.content_hash}; ${NEVER_CHANGES}`,
      };
    return { id: m.version, result: 'replaced', hash: m.content_hash };
  });
}

/**
 * Publishes built releases to the bucket. Per release: the same content hash as published is a
 * no-op, or only an index update when its review metadata changed (a stable release's review may
 * change: it is outside the content hash); a published stable release with another hash is refused (a stable release never
 * changes); a beta is replaced; a new id is added. When any release is refused no release object
 * and no index is written (claims already made for other stable ids of the batch stay: a claim
 * only binds an id to the content it was made for).
 *
 * Safe against other publishers at once: a new stable id is claimed first (`claimStable`: of two
 * publishers with different content one is refused); release objects are written next (named by
 * id and hash, so a reader never sees half of one); the index last, in one write conditional on
 * the index being the version read. When another publisher changed it meanwhile, the index is
 * read, judged and merged again, after a short random pause, up to ATTEMPTS times: no publisher's
 * release is dropped from the index. `fix` is how to repair this bucket's index if unreadable.
 */
export async function publish(
  bucket: BucketClient,
  releases: readonly Built[],
  fix = `Repair or delete ${INDEX_KEY} of this bucket, then publish every release again.`,
): Promise<Outcome[]> {
  const written = new Set<string>();
  /** The packed objects this run wrote (decision 065), with the hash of their bytes. */
  const packedWritten = new Map<string, string>();
  const claimed = new Set<string>();
  /** Per release, by its place in `releases`: what an attempt of this run that wrote the index set out to do. */
  const intended: Outcome[] = [];
  // An index write can land with its answer lost (the local simulation refuses a call now and then
  // after doing it; repeated, the write answers "not written"). The next attempt then reads this
  // run's own entry and judges it unchanged: the outcome is still what this run did (published,
  // replaced or reviewed).
  const asThisRun = (outcomes: Outcome[]): Outcome[] =>
    outcomes.map((o, i) => (o.result === 'unchanged' ? (intended[i] ?? o) : o));
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { index, unchanged } = await readIndex(bucket, fix);
    const outcomes = judge(index, releases);
    if (outcomes.some((o) => o.result === 'refused')) return outcomes;
    // The objects that stay as published get the hash of their bytes if the index has none (decision 051).
    const kept = releases.flatMap(({ bundle }, i) => (stays(outcomes[i]!) ? [entryOf(bundle)] : []));
    const vouched = await vouchedHashes(bucket, index, kept);
    // A release gets a packed object with each object written, and once when the index records none
    // of decision 067's form for it (a bucket published before decision 065, or before 067).
    const recorded = objectHashesOf(index);
    const packs = releases.map(
      ({ bundle: { manifest: m } }, i) => !stays(outcomes[i]!) || !recorded.has(packedKey(m.version, m.content_hash)),
    );
    const named = releases.flatMap((release, i) => {
      const { result } = outcomes[i]!;
      const key = releaseKey(release.bundle.manifest.version, release.bundle.manifest.content_hash);
      return result !== 'unchanged' || vouched.has(key) || packs[i]
        ? [{ ...release, result, key, packs: packs[i] }]
        : [];
    });
    if (named.length === 0) return asThisRun(outcomes);
    for (const [i, { bundle }] of releases.entries()) {
      const m = bundle.manifest;
      if (m.status !== 'stable' || stays(outcomes[i]!) || claimed.has(m.version)) continue;
      const other = await claimStable(bucket, m.version, m.content_hash);
      if (other !== undefined) {
        outcomes[i] = {
          id: m.version,
          result: 'refused',
          hash: m.content_hash,
          reason: `${m.version} is claimed as stable with ${other} by another publish; ${NEVER_CHANGES}`,
        };
        return outcomes;
      }
      claimed.add(m.version);
    }
    for (const [i, { bundle, json }] of releases.entries()) {
      if (stays(outcomes[i]!)) continue;
      const key = releaseKey(bundle.manifest.version, bundle.manifest.content_hash);
      if (written.has(key)) continue;
      // Readers take the index's hash of these bytes for the content (decision 051): they must be it.
      await checkedBundle(json, entryOf(bundle)).catch(() => {
        throw new PublishFailure(
          `${bundle.manifest.version}: its built text does not have the content hash it is stamped with`,
          'Build it again (npm run gen); this is a fault of the build, not of the release.',
        );
      });
      await bucket.put(key, json);
      written.add(key);
    }
    for (const [i, { bundle }] of releases.entries()) {
      const key = packedKey(bundle.manifest.version, bundle.manifest.content_hash);
      if (packs[i] && !packedWritten.has(key)) packedWritten.set(key, await writePacked(bucket, bundle));
    }
    const entries: PublishedEntry[] = await Promise.all(
      named.map(async ({ bundle, json, translations, result, key, packs: packed }) => {
        // The bytes of the object this attempt published; an object that stays is the one published
        // before (maybe by another publisher, in other bytes): its recorded hash stays, or is vouched for.
        const objectHash =
          result === 'published' || result === 'replaced' ? await objectHashOf(json) : vouched.get(key);
        // Only where this attempt found the index without it: a packed hash another publisher has
        // recorded since an earlier attempt wrote this copy stays, as the published object's does.
        const packedHash = packed
          ? packedWritten.get(packedKey(bundle.manifest.version, bundle.manifest.content_hash))
          : undefined;
        return {
          entry: entryOf(bundle),
          translations,
          ...(objectHash === undefined ? {} : { objectHash }),
          ...(packedHash === undefined ? {} : { packedHash }),
        };
      }),
    );
    for (const [i, outcome] of outcomes.entries()) if (outcome.result !== 'unchanged') intended[i] = outcome;
    if (await bucket.put(INDEX_KEY, withEntries(index, entries), unchanged)) return asThisRun(outcomes);
    await sleep(Math.random() * 25 * attempt);
  }
  throw new PublishFailure(
    `${INDEX_KEY} changed under this publish ${ATTEMPTS} times in a row (other publishes are writing it)`,
    'Run this again when the other publishes have finished; nothing it wrote is in the index yet.',
  );
}
