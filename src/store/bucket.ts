import { canonicalJson } from '../core/canonical-json.js';
import { safeParseFast } from '../core/fast-parse.js';
import { hex } from '../core/hex.js';
import { defineOnRead } from '../core/on-read.js';
import { StorageFailure } from '../core/storage.js';
import { type Bundle, type VersionEntry, VersionIndex } from '../domain/bundle.js';
import { UNSTAMPED_HASH } from '../domain/content.js';
import { type SplitIndex, splitIndexText } from './index-text.js';
import { unpackRelease } from './packed-release.js';

/**
 * The release bucket's layout, shared by the Worker (reader) and `npm run schema -- publish`
 * (writer): `index.json` is the version index of every published release; each release is one
 * object named by its id and content hash, so publishing writes new objects first and switches
 * the index last, and a reader never sees half a release.
 */
export const INDEX_KEY = 'index.json';

export function releaseKey(id: string, contentHash: string): string {
  return `releases/${id}/${contentHash}.json`;
}

/**
 * The key of a release's packed object: the same release in the embedded set's form
 * (`packRelease(bundle, { elementsLine: true })`: its elements, its symbols and each locale's
 * search index on lines of their own; UTF-8, where the embedded set's are ASCII), which publish writes beside the published object and
 * records the hash of in the index's `objects` (decisions 065, 067). A reader reads it where the
 * index records that hash, so that a first call parses only what it needs.
 */
export function packedKey(id: string, contentHash: string): string {
  return `releases/${id}/${contentHash}.release`;
}

/**
 * The key of a release's packed object in decision 065's form (its elements in the release's own
 * line), which publish wrote before decision 067 and readers deployed between the two read. Publish
 * writes it no more, and keeps its recorded hash; a reader reads it where the index records its
 * hash and none for the packed object of `packedKey`.
 */
export function legacyPackedKey(id: string, contentHash: string): string {
  return `releases/${id}/${contentHash}.packed`;
}

/** A packed object the index records: its key, and the hash of its bytes. */
export interface RecordedObject {
  key: string;
  hash: string;
}

/**
 * The part of an R2 binding the reader uses. `size`, where the backend tells it (R2 does, before the
 * body is read), lets a large object be refused unread: its body is cancelled, never read or hashed.
 */
export interface BucketReader {
  get(key: string): Promise<{
    text(): Promise<string>;
    /** The object's bytes, where the backend gives them (R2 does): a release is read as bytes then. */
    arrayBuffer?(): Promise<ArrayBuffer>;
    size?: number;
    body?: ReadableStream | null;
  } | null>;
}

/**
 * A release object as read: its bytes where the backend gives them, else its text. Bytes are hashed
 * as they are and decoded once, by the call that parses them; text is encoded to be hashed.
 */
export type ReleaseObject = string | Uint8Array;

/**
 * Largest release object read (the releases published today are 0.3-2.1 MB); a larger one is refused
 * before it is read or hashed, and publish refuses to write one.
 */
export const MAX_RELEASE_BYTES = 4 * 1024 * 1024;
/** Largest index read. */
const MAX_INDEX_BYTES = 1024 * 1024;

const EMPTY: VersionIndex = { versions: [], aliases: {} };

type StoredObject = NonNullable<Awaited<ReturnType<BucketReader['get']>>>;

/** An object's text. */
const asText = (object: StoredObject): Promise<string> => object.text();

/** A release object: its bytes where the backend gives them, else its text. */
const asRelease = async (object: StoredObject): Promise<ReleaseObject> =>
  object.arrayBuffer ? new Uint8Array(await object.arrayBuffer()) : object.text();

/**
 * An object's body as `body` reads it, or undefined when it is missing; one over `max` bytes is a
 * StorageFailure for `release`, never read. Each read is one request (decision 052): the size comes
 * with the get, and an object over its limit has its body cancelled unread, never read into memory
 * or hashed.
 */
async function read<T>(
  bucket: BucketReader,
  key: string,
  max: number,
  body: (object: StoredObject) => Promise<T>,
  release?: string,
): Promise<T | undefined> {
  let object: Awaited<ReturnType<BucketReader['get']>>;
  try {
    object = await bucket.get(key);
  } catch (error) {
    throw new StorageFailure(`release bucket: reading ${key} failed: ${String(error)}`);
  }
  if (!object) return undefined;
  if (object.size !== undefined && object.size > max) {
    // The refusal is the answer; a body that fails to cancel changes nothing of it.
    await object.body?.cancel().catch(() => undefined);
    throw new StorageFailure(`release bucket: ${key} holds ${object.size} bytes, over the ${max} read`, release);
  }
  try {
    return await body(object);
  } catch (error) {
    throw new StorageFailure(`release bucket: reading ${key} failed: ${String(error)}`);
  }
}

/** The bucket's version index as read: parsed, and the text it was parsed from. */
export interface BucketIndex {
  readonly index: VersionIndex;
  /** The object's text ('' when nothing was published yet): what a reader compares to see a change. */
  readonly text: string;
}

/**
 * The bucket's version index; an empty index when nothing was published yet. An index in the
 * layout publish writes (`index-text.ts`, decision 069) has its review metadata parsed on the first
 * read of `translations`; metadata damaged in place (its line's length kept), which is then no JSON,
 * reads as malformed for every release the index lists (each answered without it, with a warning),
 * and the rest of the index serves. Any other index is parsed whole.
 */
export async function readBucketIndex(bucket: BucketReader): Promise<BucketIndex> {
  const text = await read(bucket, INDEX_KEY, MAX_INDEX_BYTES, asText);
  if (text === undefined) return { index: EMPTY, text: '' };
  let split: SplitIndex;
  try {
    split = splitIndexText(text);
  } catch {
    throw new StorageFailure(`release bucket: ${INDEX_KEY} is not JSON`);
  }
  const parsed = safeParseFast(VersionIndex, split.head);
  if (!parsed.success) throw new StorageFailure(`release bucket: ${INDEX_KEY} is not a version index`);
  const index = parsed.data;
  const reviews = split.translations;
  if (reviews !== undefined) defineOnRead(index, 'translations', () => reviewsOf(reviews, index.versions));
  return { index, text };
}

/**
 * Review metadata from its own line, which `splitIndexText` cut where an object starts and its
 * recorded length ends: that object, or, when damaged in place (no JSON), malformed (`null`) for
 * each listed release.
 */
function reviewsOf(text: string, versions: readonly VersionEntry[]): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return Object.fromEntries(versions.map((v) => [v.id, null]));
  }
}

/** `sha256-` + the hex SHA-256 of `bytes`. */
async function sha256Of(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return `sha256-${hex(new Uint8Array(digest))}`;
}

/** `sha256-` + hex SHA-256 of the bundle's canonical JSON with its own hash unstamped (docs/content-hash.md). */
export function contentHashOf(bundle: Bundle): Promise<string> {
  const unstamped = { ...bundle, manifest: { ...bundle.manifest, content_hash: UNSTAMPED_HASH } };
  return sha256Of(new TextEncoder().encode(canonicalJson(unstamped)));
}

/** `sha256-` + hex SHA-256 of a release object's bytes (its text as UTF-8): its hash in the index's `objects`. */
export function objectHashOf(object: ReleaseObject): Promise<string> {
  return sha256Of(typeof object === 'string' ? new TextEncoder().encode(object) : object);
}

const decoder = new TextDecoder();

/** One index entry's release object, unchecked; a missing object is a StorageFailure. */
export async function fetchBucketRelease(bucket: BucketReader, entry: VersionEntry): Promise<ReleaseObject> {
  const key = releaseKey(entry.id, entry.content_hash);
  const object = await read(bucket, key, MAX_RELEASE_BYTES, asRelease, entry.id);
  if (object === undefined) throw new StorageFailure(`release bucket: ${key} is missing`, entry.id);
  return object;
}

/** A published release object's JSON, from its text or its UTF-8 bytes. */
const parseJson = (object: ReleaseObject): Bundle =>
  JSON.parse(typeof object === 'string' ? object : decoder.decode(object));

/**
 * An index entry's release object read by `parse` (a published release: JSON; a packed one:
 * `unpackRelease`), when it names that release (its id and stamped hash); anything else is a
 * StorageFailure. Its messages name the object by its key in the bucket's layout, which the
 * embedded set's files share.
 */
export function parsedRelease(
  object: ReleaseObject,
  entry: Pick<VersionEntry, 'id' | 'content_hash'>,
  parse: (object: ReleaseObject) => Bundle = parseJson,
): Bundle {
  const key = releaseKey(entry.id, entry.content_hash);
  let bundle: Bundle;
  try {
    bundle = parse(object);
  } catch (error) {
    throw error instanceof StorageFailure ? error : new StorageFailure(`release ${key} is not JSON`, entry.id);
  }
  const manifest = bundle?.manifest;
  if (manifest?.version !== entry.id || manifest.content_hash !== entry.content_hash)
    throw new StorageFailure(`release ${key} holds another release`, entry.id);
  return bundle;
}

/**
 * Parses an index entry's release object (its text, or its bytes as UTF-8) and checks it is that
 * release: its id and stamped hash (`parsedRelease`), and its content. The content is the release's when the object's bytes hash to what
 * publish recorded for them once it had checked their content (`objectHash`, the index's `objects`
 * entry for the object: decision 051), else when a content hash recomputed from it is the entry's:
 * the first costs a hash of the bytes, the second a canonical form of the whole release besides.
 * Anything else is a StorageFailure.
 */
export async function checkedBundle(
  object: ReleaseObject,
  entry: Pick<VersionEntry, 'id' | 'content_hash'>,
  objectHash?: string,
): Promise<Bundle> {
  const bundle = parsedRelease(object, entry);
  const key = releaseKey(entry.id, entry.content_hash);
  if (objectHash !== undefined && (await objectHashOf(object)) === objectHash) return bundle;
  if ((await contentHashOf(bundle)) !== entry.content_hash)
    throw new StorageFailure(`release bucket: ${key} does not match its content hash`, entry.id);
  return bundle;
}

/** The bytes of a release object as read (a text's length in UTF-16 code units, near its bytes for JSON that is mostly ASCII). */
const objectBytes = (object: ReleaseObject): number => (typeof object === 'string' ? object.length : object.byteLength);

/**
 * A packed object read at a key guessed before the index was read (decision 071): its bytes, or
 * undefined when it is missing, over the size a release may have, or its read fails. Nothing is
 * concluded from it alone: a reader uses it only where the index then records that key for the
 * release, and checks its bytes against the index's hash as any read's.
 */
export function fetchGuessedObject(bucket: BucketReader, key: string): Promise<ReleaseObject | undefined> {
  return read(bucket, key, MAX_RELEASE_BYTES, asRelease).catch(() => undefined);
}

/** A listed release's object as read: its packed object (`packed`) or its published one. */
export interface FetchedRelease {
  object: ReleaseObject;
  packed: boolean;
}

/**
 * The object a reader reads for a listed release, unchecked: its packed object when the index records
 * a hash for one (`packed`) and it can be read, else its published object (missing or failing: a
 * StorageFailure). A packed object that is missing, over the size a release may have, or whose
 * read fails is passed over for the published one: the release does not depend on its copy.
 */
export async function fetchListedRelease(
  bucket: BucketReader,
  entry: VersionEntry,
  packed: RecordedObject | undefined,
): Promise<FetchedRelease> {
  if (packed !== undefined) {
    const object = await read(bucket, packed.key, MAX_RELEASE_BYTES, asRelease, entry.id).catch(() => undefined);
    if (object !== undefined) return { object, packed: true };
  }
  return { object: await fetchBucketRelease(bucket, entry), packed: false };
}

/** The hashes the index records for a listed release's objects, by form. */
export interface RecordedHashes {
  /** Of its published object's bytes (decision 051). */
  published?: string;
  /** Of its packed object's bytes, with its key (decisions 065, 067). */
  packed?: RecordedObject;
}

/**
 * A fetched release checked and parsed, with the bytes it holds. A packed object is the release only
 * when its bytes hash to what publish recorded for them (its content hash is never recomputed: that
 * would parse every part); otherwise the published object is read and checked instead
 * (`checkedBundle`), so a damaged or rewritten packed object costs a read, never the release.
 */
export async function checkedRelease(
  bucket: BucketReader,
  fetched: FetchedRelease,
  entry: VersionEntry,
  hashes: RecordedHashes,
): Promise<{ bundle: Bundle; bytes: number }> {
  let { object } = fetched;
  if (fetched.packed) {
    if (hashes.packed !== undefined && (await objectHashOf(object)) === hashes.packed.hash)
      return { bundle: parsedRelease(object, entry, (o) => unpackRelease(o, entry.id)), bytes: objectBytes(object) };
    object = await fetchBucketRelease(bucket, entry);
  }
  return { bundle: await checkedBundle(object, entry, hashes.published), bytes: objectBytes(object) };
}

/**
 * Files held in memory (the embedded set's Data modules, by key: their bytes; or texts) as a reader
 * of the same layout, which reads a release from its bytes as it reads the bucket's (decision 084).
 * A missing key reads as a missing object.
 */
export function filesReader(files: Readonly<Record<string, ArrayBuffer | string>>): BucketReader {
  return {
    get: async (key) => {
      const file = Object.hasOwn(files, key) ? files[key] : undefined;
      // No size: the file is already in memory (the build wrote it), so refusing it would spare nothing.
      if (file === undefined) return null;
      if (typeof file === 'string') return { text: async () => file };
      return { text: async () => decoder.decode(file), arrayBuffer: async () => file };
    },
  };
}
