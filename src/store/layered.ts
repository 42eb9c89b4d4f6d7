import { objectHashesOf, type VersionEntry, type VersionIndex } from '../domain/bundle.js';
import {
  type BucketReader,
  checkedRelease,
  type FetchedRelease,
  fetchGuessedObject,
  fetchListedRelease,
  legacyPackedKey,
  packedKey,
  type BucketIndex,
  INDEX_KEY,
  type RecordedHashes,
  readBucketIndex,
  type ReleaseObject,
  releaseKey,
} from './bucket.js';
import { StorageFailure } from '../core/storage.js';
import { mergeIndexes } from './catalogue.js';
import { indexUnread, skippedAlias, substitutedCopy } from './catalogue-notes.js';
import { CataloguePending, ReleasePending } from './loading.js';
import { type ServedCatalogue, servedCatalogue } from './served-catalogue.js';
import { HeldReleases } from './held-releases.js';
import { createRelease } from './release.js';
import type { Background, CatalogueInfo, SchemaStore } from './store.js';

export interface LayeredOptions {
  /** The releases shipped with the deployment (the embedded set). */
  embedded: SchemaStore;
  /** The release bucket; without one the catalogue is the embedded set. */
  bucket?: BucketReader;
  /** How long a read of the bucket's index is trusted before the next request reads it again. */
  indexTtlMs?: number;
  /** Bucket releases kept parsed per isolate; past it the least recently used is dropped. */
  keep?: number;
  /**
   * Most bytes of the objects of the bucket releases kept parsed per isolate; past it the least
   * recently used is dropped, down to the three most recently used (decision 064).
   */
  keepBytes?: number;
  now?: () => number;
  /** Where a failed read of the index or of an alias target is reported (the catalogue keeps what it had). */
  report?: (error: unknown) => void;
  /**
   * How long a release whose stored copy is damaged (missing, corrupt, too large, not matching its
   * hash) is answered with that failure before it is read again.
   */
  backoffMs?: number;
  /**
   * How long a read that failed for no fault of the copy (the bucket did not answer) is answered with
   * that failure before it is read again; a failed read of the index is trusted as long.
   */
  transientBackoffMs?: number;
  /**
   * How long the background waits, once it has read the index, before it reads ahead the alias
   * targets' objects (decision 063); 0 by default. Receiving those objects takes the isolate's
   * thread, so a deployment waits until the requests that follow a client's first (its handshake)
   * have most likely been answered.
   */
  readAheadPauseMs?: number;
  /** How the background waits out that pause: a timer by default. */
  wait?: (ms: number) => Promise<void>;
  /**
   * Where the build expects the bucket to hold the releases the embedded set does not ship
   * (decision 071): by each name a call may give one (its id, an alias over the build's releases),
   * its id and content hash. While the catalogue is provisional, `settle` reads the packed object of
   * each release its names guess beside the index; it is kept (as a read-ahead is) only where the
   * index lists the release under that hash and records that object, and checked when a call reads it.
   */
  guesses?: BucketGuesses;
}

/** By each name a call may give a release (its id, an alias): the id and content hash the build published it under. */
export type BucketGuesses = Readonly<Record<string, readonly [id: string, contentHash: string]>>;

/** A packed object being read on the build's guess (`LayeredOptions.guesses`), with the names that guessed it. */
interface Guessed {
  id: string;
  contentHash: string;
  key: string;
  names: string[];
  /** The object's bytes, or undefined when it could not be read (never rejects). */
  read: Promise<ReleaseObject | undefined>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const INDEX_TTL_MS = 60_000;
const KEEP = 8;
/**
 * Parsed and searched in every locale, a release takes about ten times its object's bytes
 * (`dtpr@2026-09-01-beta`: a 2.1 MB object, 23 MiB): 4 MiB of objects holds every bucket release
 * published today, and bounds what they take at about 45 MiB of an isolate's 128 MB, or at three
 * releases' worth when fewer than three fit (`KEEP_FLOOR`).
 */
const KEEP_BYTES = 4 * 1024 * 1024;
/** Releases the byte bound never drops: a call needs at most three at once (a migration's two, and a pinned version it names). */
const KEEP_FLOOR = 3;
const BACKOFF_MS = 30_000;
/** Past its read-ahead pause, how long a background refresh may take before another may claim the isolate's. */
const CLAIM_MS = 30_000;
/** A few seconds: what the `upstream_error` a failed read answers tells the client to wait. */
const TRANSIENT_BACKOFF_MS = 5_000;

/**
 * One catalogue over the embedded releases and the release bucket. The index is the union of the
 * two (the bucket's entry wins on an id in both: a beta replaced after the deploy), with aliases
 * computed over the union. An embedded release is served by the embedded store; a bucket release is read on
 * first use (`load`: fetched, checked against its content hash, parsed) and kept for the isolate,
 * up to `keep` of them and `keepBytes` of their objects (decision 064). A release whose entry
 * changed hash is read again. `refresh` re-reads the index once `indexTtlMs` has passed, and
 * whenever it adopts a new index reads ahead the objects
 * (bytes, undecoded) of the bucket's targets of its aliases, which the first call naming one
 * decodes, checks and parses (decision 049; the embedded set's are read by the calls that name them);
 * in the background it reads them `readAheadPauseMs` after the index (decision 063).
 *
 * Until this isolate has read the bucket's index once, the catalogue is provisional (decision 048):
 * the embedded stable releases are served (a stable release is never republished, so no index can
 * change what one holds), and anything else (the index, an alias, a beta, a release only the bucket
 * may have) throws `CataloguePending`, on which the seam has this store read the index for that
 * request (`settle`; the embedded releases it names, and the packed objects of the bucket releases
 * the build guesses it names (decision 071), read beside). A first request that needs none
 * of it waits for no read: its frame hands the index read to the background (`refresh(background)`).
 *
 * No request ever awaits I/O another request started (the Workers runtime forbids it): each
 * request that must read a release or the index reads it itself, and once a catalogue is held a
 * stale index is re-read in the background (`refresh(background)`, the request's `waitUntil`)
 * while requests go on with the last good one. A release that could not be read is answered with
 * that failure for `backoffMs` (a damaged copy) or `transientBackoffMs` (the bucket did not
 * answer) rather than read again on every request; aliases skip it, and once the back-off ends a
 * refresh reads it again. When the bucket names an embedded release under
 * another hash and its copy cannot be read, the embedded copy is served in its place, and the
 * catalogue lists the hash of what it serves. When the read of the bucket's index fails, the
 * catalogue keeps the last index read (an index found missing after one was read is such a failure);
 * before any was read, it is the embedded set and says so (`problems`, `warnings`), and a release
 * id it does not list throws a StorageFailure (`upstream_error`, retryable): the index that would
 * tell whether it is published could not be read. A failed index read is trusted for
 * `transientBackoffMs`, a good one for `indexTtlMs`.
 *
 * Reads of one isolate's requests overlap; none undoes what a later one found: an index read that
 * answers after a read started later was adopted is dropped, a release read that fails after another
 * read of the same copy succeeded leaves it served, and the background refresh an isolate claims is
 * claimed for the longer of `indexTtlMs` and its pause plus 30 seconds (a read that never answers
 * does not stop the refreshes after it, and two refreshes never overlap).
 */
export function createLayeredStore(options: LayeredOptions): SchemaStore {
  const { embedded, bucket } = options;
  const now = options.now ?? Date.now;
  const ttl = options.indexTtlMs ?? INDEX_TTL_MS;
  const keep = options.keep ?? KEEP;
  const keepBytes = options.keepBytes ?? KEEP_BYTES;
  const backoff = options.backoffMs ?? BACKOFF_MS;
  const transientBackoff = options.transientBackoffMs ?? TRANSIENT_BACKOFF_MS;
  const readAheadPause = options.readAheadPauseMs ?? 0;
  const wait = options.wait ?? timer;
  /**
   * How long the isolate's background refresh is held by the one that claimed it: longer than a
   * refresh takes (its read-ahead pause and its reads), so that two never overlap, and bounded, so
   * that a read that never answers does not stop the refreshes after it.
   */
  const claimMs = Math.max(ttl, readAheadPause + CLAIM_MS);
  const embeddedEntries = new Map(embedded.index().versions.map((v) => [v.id, v]));
  /** The embedded stable releases: served while the catalogue is provisional. */
  const pinned = new Set(embedded.index().versions.flatMap((v) => (v.status === 'stable' ? [v.id] : [])));
  /** The catalogue as the sources list it; `served` is what this isolate serves of it. */
  let listed: VersionIndex = embedded.index();
  let listedById = new Map<string, VersionEntry>(listed.versions.map((v) => [v.id, v]));
  let served: ServedCatalogue = servedCatalogue(listed, new Set(), embeddedEntries);
  let byId = listedById;
  /** Releases whose listed copy this isolate could not read (until a read succeeds). */
  const unreadable = new Set<string>();
  /** The embedded set less what this isolate could not read (`shipped`), derived with the served catalogue. */
  let shipped: VersionIndex = embedded.index();
  const derive = () => {
    served = servedCatalogue(listed, unreadable, embeddedEntries);
    byId = new Map(served.index.versions.map((v) => [v.id, v]));
    shipped = servedCatalogue(embedded.index(), unreadable, new Map()).index;
  };
  /** The text of the bucket's index last adopted; undefined until one is read. */
  let bucketText: string | undefined;
  /** The bucket index's hashes of its release objects' bytes, by object key (`objects`). */
  let objectHashes: ReadonlyMap<string, string> = new Map();
  /** When the index is next read (the read's trust ends). */
  let indexDueAt = Number.NEGATIVE_INFINITY;
  /** Index reads started, and the number of the last one adopted (an older read landing later is dropped). */
  let indexReads = 0;
  let adoptedRead = 0;
  /** True once an index was read (or its read failed): the catalogue is no longer provisional. */
  let answered = false;
  const provisional = () => bucket !== undefined && !answered;
  /** Served while provisional: an embedded stable release this isolate has not found unreadable. */
  const servedProvisionally = (id: string) => pinned.has(id) && !unreadable.has(id);
  /** True while no read of the bucket's index has succeeded and one has failed. */
  let indexFault = false;
  /** When this isolate's background refresh was claimed; undefined when none is running. */
  let backgroundSince: number | undefined;
  /** The index whose alias targets were read (or tried). */
  let preloaded: VersionIndex | undefined;
  const held = new HeldReleases({ count: keep, bytes: keepBytes, floor: KEEP_FLOOR });
  /** What a listed release's read state is kept under: its object's key (id and hash). */
  const keyOf = (entry: VersionEntry) => releaseKey(entry.id, entry.content_hash);
  /** What the bucket's index records of a listed release's objects' bytes (a packed object: decision 067's form first). */
  const hashesOf = (entry: VersionEntry): RecordedHashes => ({
    published: objectHashes.get(keyOf(entry)),
    packed:
      recordedObject(packedKey(entry.id, entry.content_hash)) ??
      recordedObject(legacyPackedKey(entry.id, entry.content_hash)),
  });
  const recordedObject = (key: string) => {
    const hash = objectHashes.get(key);
    return hash === undefined ? undefined : { key, hash };
  };
  /**
   * Objects read ahead (by object key), not yet decoded, checked or parsed: the first call that
   * needs one does that. The bucket's alias targets', at most one each (`preload`), and the objects
   * a first call read on the build's guess of what it names (`keepGuessed`), until the next
   * read-ahead drops those that are not alias targets.
   */
  const fetched = new Map<string, FetchedRelease>();
  /** Releases whose read failed, with the failure and when they may be read again (by object key). */
  const failed = new Map<string, { error: unknown; until: number }>();
  const faultOf = (entry: VersionEntry) => failed.get(keyOf(entry));
  /** A failure of the copy itself (`StorageFailure.release`), not of the bucket's answer. */
  const isDamage = (error: unknown) => error instanceof StorageFailure && error.release !== undefined;
  /** Remembers a failed read for the back-off: longer for a damaged copy than for a bucket that did not answer. */
  const fail = (key: string, error: unknown) =>
    failed.set(key, { error, until: now() + (isDamage(error) ? backoff : transientBackoff) });
  /** Marks `id` unreadable (aliases skip it) unless it already is. */
  const markUnreadable = (id: string) => {
    if (unreadable.has(id)) return;
    unreadable.add(id);
    derive();
  };

  const adopt = ({ index: bucketIndex, text }: BucketIndex) => {
    indexFault = false;
    if (text === bucketText) return;
    bucketText = text;
    objectHashes = objectHashesOf(bucketIndex);
    listed = mergeIndexes(embedded.index(), bucketIndex);
    listedById = new Map(listed.versions.map((v) => [v.id, v]));
    derive();
  };
  const fromEmbedded = (entry: VersionEntry) => embeddedEntries.get(entry.id)?.content_hash === entry.content_hash;
  /** Whether the catalogue served now lists `id` under the embedded set's hash. */
  const servedEmbedded = (id: string) => {
    const entry = byId.get(id);
    return entry !== undefined && fromEmbedded(entry);
  };

  const info: CatalogueInfo = {
    sources: bucket ? ['embedded', 'bucket'] : ['embedded'],
    holder: (id) => (servedEmbedded(id) ? 'embedded' : 'bucket'),
    problems() {
      const out = indexFault ? [indexUnread()] : [];
      for (const [id, hashes] of served.substituted) out.push(substitutedCopy(id, hashes.listed, hashes.served));
      for (const [alias, skipped] of Object.entries(served.skipped))
        out.push(skippedAlias(alias, served.index.aliases[alias] ?? 'nothing', skipped));
      return out;
    },
  };

  /**
   * Reads the bucket's copy of a listed release and checks it, from its object read ahead when there
   * is one and no read of it has failed since (a read after a failure goes to the bucket); a
   * failure is remembered for the back-off.
   */
  const readListed = (entry: VersionEntry): Promise<void> => {
    const fault = faultOf(entry);
    if (fault && now() < fault.until) return Promise.reject(fault.error);
    const key = keyOf(entry);
    const ahead = fault ? undefined : fetched.get(key);
    fetched.delete(key);
    const hashes = hashesOf(entry);
    const fetchedNow = ahead === undefined ? fetchListedRelease(bucket!, entry, hashes.packed) : Promise.resolve(ahead);
    const read = fetchedNow.then((got) => checkedRelease(bucket!, got, entry, hashes));
    return read.then(
      ({ bundle, bytes }) => {
        failed.delete(key);
        fetched.delete(key);
        held.add(createRelease(bundle), bytes);
      },
      (error: unknown) => {
        fetched.delete(key);
        // Another request's read of the same copy succeeded meanwhile: the release is served.
        if (held.holds(entry.id, entry.content_hash)) return;
        fail(key, error);
        throw error;
      },
    );
  };

  /**
   * Reads a listed release's object ahead (`fetched`: its packed object where the index records one,
   * else its published one; its bytes, undecoded, where the bucket gives them), unchecked. Its success changes nothing else: an object landing after a call has read the
   * release, or found it unreadable, is dropped. A failure marks the release unreadable for the
   * back-off, as a call's read would, unless a call has read it meanwhile.
   */
  const readAhead = (entry: VersionEntry): Promise<void> => {
    const key = keyOf(entry);
    const heldNow = () => held.holds(entry.id, entry.content_hash);
    return fetchListedRelease(bucket!, entry, hashesOf(entry).packed).then(
      (object) => {
        if (!heldNow() && !failed.has(key)) fetched.set(key, object);
      },
      (error: unknown) => {
        if (heldNow()) return;
        fail(key, error);
        markUnreadable(entry.id);
        throw error;
      },
    );
  };

  const store: SchemaStore = {
    index() {
      if (provisional()) throw new CataloguePending();
      return served.index;
    },
    provisional,
    shipped: () => shipped,
    // The served index, provisional or not: while provisional only embedded stable releases answer,
    // and they answer the same under the index that settles it.
    generation: () => served.index,
    catalogue: () => info,
    warnings(version, servedId) {
      // Provisional: the call was served an embedded stable release, of which no index says more.
      if (provisional()) return [];
      const named = version.replaceAll('%40', '@');
      const out: string[] = [];
      const skipped = served.skipped[named];
      if (skipped !== undefined) out.push(skippedAlias(named, servedId ?? served.index.aliases[named]!, skipped));
      const hashes = servedId === undefined ? undefined : served.substituted.get(servedId);
      if (hashes) out.push(substitutedCopy(servedId!, hashes.listed, hashes.served));
      if (indexFault && Object.hasOwn(served.index.aliases, named)) out.push(indexUnread());
      return out;
    },
    release(id) {
      if (provisional()) {
        // Named, so that an embedded beta is read beside the index.
        if (!servedProvisionally(id)) throw new CataloguePending([id]);
        return embedded.release(id);
      }
      const entry = byId.get(id);
      if (!entry) {
        if (indexFault) throw new StorageFailure(`release bucket: the index could not be read to find ${id}`);
        return undefined;
      }
      if (fromEmbedded(entry)) return embedded.release(id);
      const hit = held.use(id, entry.content_hash);
      if (hit) return hit;
      throw new ReleasePending(id);
    },
    peek(id) {
      if (provisional()) return servedProvisionally(id) ? embedded.peek?.(id) : undefined;
      const entry = byId.get(id);
      if (!entry) return undefined;
      return fromEmbedded(entry) ? embedded.peek?.(id) : held.peek(id, entry.content_hash);
    },
    load(id) {
      if (provisional()) {
        if (servedProvisionally(id)) return tracked(id, embedded.load?.(id) ?? Promise.resolve());
        return store.settle!().then(() => store.load!(id));
      }
      const entry = listedById.get(id);
      if (!entry) return Promise.resolve();
      if (fromEmbedded(entry)) return tracked(id, embedded.load?.(id) ?? Promise.resolve());
      if (!bucket) return Promise.resolve();
      // A release served from its embedded copy is read from there until its back-off ends.
      const read = served.substituted.has(id) && (faultOf(entry)?.until ?? 0) > now() ? undefined : readListed(entry);
      const loaded = read ? tracked(id, read) : Promise.resolve();
      return loaded.then(
        () => (served.substituted.has(id) ? embedded.load?.(id) : undefined),
        (error: unknown) => {
          if (!served.substituted.has(id)) throw error;
          return embedded.load?.(id);
        },
      );
    },
    settle(names = []) {
      if (!provisional()) return Promise.resolve();
      const index = readIndex();
      const guessed = guessedBeside(names);
      return Promise.all([index, ...besideIndex(names)]).then(() => keepGuessed(guessed));
    },
    refresh(background) {
      if (!due()) return undefined;
      if (background) {
        // A provisional catalogue is read after the answer too: the calls that need it read it themselves.
        inBackground(background);
        return undefined;
      }
      return refreshNow(isStale());
    },
  };
  /** Marks `id` unreadable when its read fails, readable again when one succeeds (aliases follow). */
  const tracked = (id: string, read: Promise<void>) =>
    read.then(
      () => {
        if (unreadable.delete(id)) derive();
      },
      (error: unknown) => {
        markUnreadable(id);
        throw error;
      },
    );
  /**
   * True when an unreadable bucket release's back-off has ended: the next refresh reads it again.
   * An embedded release that could not be read is not retried: its file ships with the deployment
   * and reads the same every time (a call that names it reads it, and fails, through the seam).
   */
  const retryable = (id: string) => {
    const entry = listedById.get(id);
    return entry !== undefined && !fromEmbedded(entry) && (faultOf(entry)?.until ?? 0) <= now();
  };
  const retryDue = () => [...unreadable].some(retryable);
  const isStale = () => bucket !== undefined && now() >= indexDueAt;
  /** True when the index should be read again, or alias targets (or releases past their back-off) read. */
  const due = () => isStale() || preloaded !== served.index || retryDue();
  /**
   * Hands a refresh to `background`. It claims the isolate's one background refresh only when it
   * starts, and then does what is still due: a request that ends before its background work starts
   * (a client gone) leaves nothing claimed, and the next request hands over another.
   */
  const inBackground = (background: Background) =>
    background(() => {
      if ((backgroundSince !== undefined && now() - backgroundSince < claimMs) || !due()) return Promise.resolve();
      const since = now();
      backgroundSince = since;
      return refreshNow(isStale(), readAheadPause).finally(() => {
        if (backgroundSince === since) backgroundSince = undefined;
      });
    });
  /**
   * Reads of the embedded releases `names` names (ids, or aliases of the embedded set) that this
   * isolate does not hold; a name the embedded set does not know is left to the seam (the bucket's
   * index may list it). A failure is reported; the seam reads that release again.
   */
  const besideIndex = (names: readonly string[]) => {
    const index = embedded.index();
    const ids = new Set(
      names.map((name) => index.aliases[name] ?? name).filter((id) => index.versions.some((v) => v.id === id)),
    );
    return [...ids].flatMap((id) => {
      if (!embedded.load || embedded.peek?.(id) !== undefined) return [];
      return [embedded.load(id).catch((error: unknown) => options.report?.(error))];
    });
  };
  /**
   * Starts reading the packed objects of the bucket releases `names` names by the build's guesses
   * (`options.guesses`), beside the index: those the embedded set does not ship under the guessed
   * hash and this isolate does not hold. A failed or missing read is no answer: the call reads the
   * release as the index lists it.
   */
  const guessedBeside = (names: readonly string[]): Guessed[] => {
    const guesses = options.guesses;
    if (!bucket || !guesses) return [];
    const byId = new Map<string, Guessed>();
    for (const name of names) {
      const guess = Object.hasOwn(guesses, name) ? guesses[name] : undefined;
      if (!guess) continue;
      const [id, contentHash] = guess;
      const known = byId.get(id);
      if (known) {
        if (known.contentHash === contentHash) known.names.push(name);
        continue;
      }
      if (embeddedEntries.get(id)?.content_hash === contentHash || held.holds(id, contentHash)) continue;
      const key = packedKey(id, contentHash);
      byId.set(id, { id, contentHash, key, names: [name], read: fetchGuessedObject(bucket, key) });
    }
    return [...byId.values()];
  };
  /**
   * Once the index is read: whether it vouches for a guess. A name that guessed it still names that
   * release (an alias the index resolves to it, or its id), which the index lists from the bucket
   * under the guessed hash with that packed object recorded, and no read of it is held or has failed.
   */
  const vouched = ({ id, contentHash, key, names }: Guessed): boolean => {
    const entry = listedById.get(id);
    if (entry?.content_hash !== contentHash || fromEmbedded(entry)) return false;
    if (!names.some((name) => name === id || listed.aliases[name] === id)) return false;
    return hashesOf(entry).packed?.key === key && !held.holds(id, contentHash) && !failed.has(keyOf(entry));
  };
  /**
   * Waits for the guessed objects the index vouches for and keeps them as read ahead (`fetched`),
   * where it still vouches for them once they have come; the others are neither waited for nor
   * kept, so a wrong guess costs a read and no time.
   */
  const keepGuessed = (guessed: readonly Guessed[]) =>
    Promise.all(
      guessed.filter(vouched).map((guess) =>
        guess.read.then((object) => {
          if (object !== undefined && vouched(guess))
            fetched.set(keyOf(listedById.get(guess.id)!), { object, packed: true });
        }),
      ),
    ).then(() => undefined);
  /** Reads the index when `stale`, then what `preload` reads (after `pauseMs` when it reads anything). */
  const refreshNow = (stale: boolean, pauseMs = 0) =>
    (stale ? readIndex() : Promise.resolve()).then(() => preload(pauseMs));
  /**
   * Reads the bucket's index and adopts it, unless a read started later was adopted meanwhile. A
   * failure, or an index found missing once one was read, keeps the catalogue as it is (the embedded
   * set, with `indexFault`, when no index was read yet) and is trusted for the transient back-off.
   */
  const readIndex = () => {
    const number = ++indexReads;
    const unread = (error: unknown) => {
      if (bucketText === undefined) indexFault = true;
      indexDueAt = Math.max(indexDueAt, now() + Math.min(ttl, transientBackoff));
      options.report?.(error);
    };
    return readBucketIndex(bucket!)
      .then(
        (read) => {
          if (number < adoptedRead) return;
          if (read.text === '' && bucketText) {
            unread(new StorageFailure(`release bucket: ${INDEX_KEY} is missing; the index read before it is kept`));
            return;
          }
          adoptedRead = number;
          adopt(read);
          indexDueAt = now() + ttl;
        },
        (error: unknown) => {
          if (number < adoptedRead) return;
          unread(error);
        },
      )
      .finally(() => {
        answered = true;
      });
  };
  /**
   * What a read-ahead would read now (`preload`): the alias targets' objects this isolate neither
   * holds nor has read ahead, and the releases past their back-off; objects read ahead of releases
   * that are no longer alias targets under their listed hash are dropped.
   */
  const readsDue = () => {
    const of = served.index;
    const targets = new Set([...Object.values(listed.aliases), ...Object.values(of.aliases), ...unreadable]);
    const entries = [...targets].flatMap((id) => listedById.get(id) ?? []);
    const current = new Set(entries.map(keyOf));
    for (const key of fetched.keys()) if (!current.has(key)) fetched.delete(key);
    const retried = [...unreadable].filter(retryable);
    const ahead = entries.filter(
      (entry) =>
        !unreadable.has(entry.id) &&
        byId.has(entry.id) &&
        !servedEmbedded(entry.id) &&
        store.peek!(entry.id) === undefined &&
        !fetched.has(keyOf(entry)),
    );
    return { of, retried, ahead };
  };
  /**
   * Reads ahead the bucket's targets of the catalogue's aliases that this isolate does not hold
   * (under the hash listed now): their objects only, as bytes where the bucket gives them, so that a
   * call naming one waits for no I/O. Decoding, the check and the parse are left to that call: done
   * here they would hold the isolate's thread (the next request; a large release, tens of
   * milliseconds) for work no request may need, and no sooner than the call would do it. An object
   * whose read fails is reported and its release marked unreadable (aliases skip it), as a call's
   * read would. Releases that could not be read are read again in full once their back-off has
   * ended. The embedded set's targets are left to the calls that name them: they ship in memory.
   * With `pauseMs` (the background's), when anything is due it first waits that long, then finds
   * again what is due, since a call may have read a release meanwhile (decision 063).
   */
  const preload = async (pauseMs = 0) => {
    let due = readsDue();
    if (pauseMs > 0 && (due.retried.length > 0 || due.ahead.length > 0)) {
      await wait(pauseMs);
      due = readsDue();
    }
    const reported = (error: unknown) => options.report?.(error);
    await Promise.all([
      ...due.retried.map((id) => store.load!(id).catch(reported)),
      ...due.ahead.map((entry) => readAhead(entry).catch(reported)),
    ]);
    preloaded = due.of;
  };
  return store;
}
