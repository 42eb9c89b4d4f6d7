import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketGuesses } from '../../cli/bundle/generated-module.js';
import type { VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY, packedKey, releaseKey } from '../../src/store/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { createLayeredStore } from '../../src/store/layered.js';
import { withReleases } from '../../src/store/loading.js';
import { resolveVersion } from '../../src/store/store.js';
import { packRelease } from '../../src/store/packed-release.js';
import { bucketArea, indexHeldReader } from '../helpers/bucket.js';

/**
 * A first call naming a release the build published to the bucket reads its packed object beside
 * the bucket's index, on the build's guess of its key (decision 071). The index decides: the object
 * is used only where the index lists the release under the guessed hash and records that object,
 * and its bytes are checked against the index's hash as any read's.
 */
const area = bucketArea('bucket-guesses');
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const STABLE = ALL.aliases['ai@latest']!;
const BETA_ALIAS = 'dtpr@latest-beta';
const TARGET = ALL.aliases[BETA_ALIAS]!;
const HASH = ALL.versions.find((v) => v.id === TARGET)!.content_hash;
const GUESSED_KEY = packedKey(TARGET, HASH);
const OTHER_BETA = ALL.versions.find((v) => v.status === 'beta' && v.id !== TARGET)!.id;

/** The build's guesses, as the deployable module carries them, for an embedded set of the stable release alone. */
const GUESSES = bucketGuesses(ALL, [STABLE]);

/**
 * A cold store over the area with the stable release embedded, over `indexHeldReader` (the index's
 * read held until `open()`; `failOnce`, `never`).
 */
function coldStore(guesses: typeof GUESSES = GUESSES, failOnce: readonly string[] = [], never: readonly string[] = []) {
  const { bucket, reads, open } = indexHeldReader(area.reader, { failOnce, never });
  const { aliases: _, ...entry } = ALL.versions.find((v) => v.id === STABLE)!;
  const embedded = createEmbeddedStore({ [STABLE]: BUNDLES[STABLE]! }, JSON.stringify(indexOf([entry])));
  const store = createLayeredStore({ embedded, bucket, guesses, now: () => 0, report: () => {} });
  return { store, reads, open };
}

/** The release a call naming `version` is served, through the release-loading seam as every call is. */
const served = async (store: ReturnType<typeof coldStore>['store'], version: string) =>
  (await withReleases(store, () => resolveVersion(store, version))).value?.id;

const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('a release the build guesses is read beside the index', () => {
  beforeAll(async () => {
    await area.clear();
    await area.publish(
      ALL.versions.filter((v) => v.id !== STABLE).map((v) => BUNDLES[v.id]!),
      true,
    );
  });
  afterAll(area.clear);

  it('names every release of the build outside the embedded set, by its id and by the aliases of the whole build', () => {
    const outside = ALL.versions.filter((v) => v.id !== STABLE);
    for (const v of outside) expect(GUESSES[v.id]).toEqual([v.id, v.content_hash]);
    expect(GUESSES[BETA_ALIAS]).toEqual([TARGET, HASH]);
    expect(GUESSES[STABLE]).toBeUndefined();
    expect(GUESSES['ai@latest']).toBeUndefined();
    expect(Object.keys(GUESSES).sort()).toEqual(
      [
        ...outside.map((v) => v.id),
        ...Object.entries(ALL.aliases)
          .filter(([, id]) => id !== STABLE)
          .map(([alias]) => alias),
      ].sort(),
    );
  });

  it('reads the packed object while the index is read, and the call reads nothing after the index', async () => {
    const { store, reads, open } = coldStore();
    const answer = served(store, BETA_ALIAS);
    await turns();
    expect(reads).toEqual([INDEX_KEY, GUESSED_KEY]);
    open();
    expect(await answer).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, GUESSED_KEY]);
    expect(await served(store, TARGET)).toBe(TARGET);
    expect(reads).toHaveLength(2);
  });

  it('without guesses, the object is read once the index has named it', async () => {
    const { store, reads, open } = coldStore({});
    const answer = served(store, BETA_ALIAS);
    await turns();
    expect(reads).toEqual([INDEX_KEY]);
    open();
    expect(await answer).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, GUESSED_KEY]);
  });

  it('a guess under a hash the index does not list is dropped, and the release is read as the index lists it', async () => {
    const stale = `sha256-${'0'.repeat(64)}`;
    const { store, reads, open } = coldStore({ ...GUESSES, [BETA_ALIAS]: [TARGET, stale] });
    open();
    expect(await served(store, BETA_ALIAS)).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, packedKey(TARGET, stale), GUESSED_KEY]);
  });

  it('a guess for another release than the alias names now is neither kept nor waited for: the call reads its own', async () => {
    const otherKey = packedKey(OTHER_BETA, GUESSES[OTHER_BETA]![1]);
    const { store, reads, open } = coldStore({ ...GUESSES, [BETA_ALIAS]: GUESSES[OTHER_BETA]! });
    open();
    expect(await served(store, BETA_ALIAS)).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, otherKey, GUESSED_KEY]);
    // Not kept: a call naming that release reads its object again.
    expect(await served(store, OTHER_BETA)).toBe(OTHER_BETA);
    expect(reads).toEqual([INDEX_KEY, otherKey, GUESSED_KEY, otherKey]);
  });

  it('a wrong guess whose read never answers does not hold the call', async () => {
    const otherKey = packedKey(OTHER_BETA, GUESSES[OTHER_BETA]![1]);
    const { store, reads, open } = coldStore({ ...GUESSES, [BETA_ALIAS]: GUESSES[OTHER_BETA]! }, [], [otherKey]);
    open();
    expect(await served(store, BETA_ALIAS)).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, otherKey, GUESSED_KEY]);
  });

  it('a guessed object whose bytes are not those the index records is passed over for the published release', async () => {
    const original = await (await area.reader.get(GUESSED_KEY))!.text();
    // Another release's packed text under the guessed key: readable, and not what publish recorded.
    await area.put(GUESSED_KEY, packRelease(JSON.parse(BUNDLES[OTHER_BETA]!), { elementsLine: true }));
    try {
      const { store, reads, open } = coldStore();
      open();
      expect(await served(store, BETA_ALIAS)).toBe(TARGET);
      expect(reads).toEqual([INDEX_KEY, GUESSED_KEY, releaseKey(TARGET, HASH)]);
      expect(store.peek!(TARGET)?.contentHash).toBe(HASH);
      expect(store.peek!(TARGET)?.bundle.elements.length).toBe(JSON.parse(BUNDLES[TARGET]!).elements.length);
    } finally {
      await area.put(GUESSED_KEY, original);
    }
  });

  it('a guessed object whose read fails costs that read alone: the call reads it again once the index names it', async () => {
    const { store, reads, open } = coldStore(GUESSES, [GUESSED_KEY]);
    open();
    expect(await served(store, BETA_ALIAS)).toBe(TARGET);
    expect(reads).toEqual([INDEX_KEY, GUESSED_KEY, GUESSED_KEY]);
  });
});
