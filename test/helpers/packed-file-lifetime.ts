// Run by test/cli/packed-file-lifetime.test.ts as `node --expose-gc --import tsx <this file>`: reads
// a bucket release's packed object (its UTF-8 bytes) in several ways, lets go of everything but the
// release, and prints, as JSON by way, whether the object's bytes are still held after collection.
import { packedObjectText } from '../../cli/publish/packed-objects.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { BUNDLES } from '../../src/store/generated/bundles.js';
import { unpackRelease } from '../../src/store/packed-release.js';
import { createRelease, type Release } from '../../src/store/release.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const id = Object.keys(BUNDLES).find((key) => key.startsWith('dtpr@'))!;
const text = packedObjectText(JSON.parse(BUNDLES[id]!) as Bundle);

const readParts = (release: Release, skip?: string) => {
  void release.bundle.symbols;
  for (const locale of Object.keys(release.bundle.search_index))
    if (locale !== skip) void (release.bundle.search_index as Record<string, unknown>)[locale];
};

const WAYS: Record<string, (release: Release) => void> = {
  'nothing read': () => {},
  'every part read': (release) => {
    void release.bundle.elements.length;
    readParts(release);
  },
  'every element read by id, and every other part': (release) => {
    for (const key of release.elementById.keys()) release.elementById.get(key);
    readParts(release);
  },
  'the listed forms and every other part, no element': (release) => {
    for (const key of release.listedById.keys()) release.listedById.get(key);
    readParts(release);
  },
  'every part but one search index': (release) => {
    void release.bundle.elements.length;
    readParts(release, 'fr');
  },
};

/** The release read one way from fresh bytes, and a weak reference to those bytes (made apart, so no frame holds them). */
function readOneWay(way: (release: Release) => void): [WeakRef<object>, Release] {
  const bytes = new TextEncoder().encode(text);
  const release = createRelease(unpackRelease(bytes, id));
  way(release);
  return [new WeakRef(bytes.buffer), release];
}

const held: Record<string, boolean> = {};
const kept: Release[] = [];
for (const [name, way] of Object.entries(WAYS)) {
  const [ref, release] = readOneWay(way);
  kept.push(release);
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  held[name] = ref.deref() !== undefined;
}
console.log(JSON.stringify({ held, releases: kept.length }));
