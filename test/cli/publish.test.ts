import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { runPublish } from '../../cli/commands/publish.js';
import { type BucketClient, localBucket, RELEASE_BUCKET } from '../../cli/publish/buckets.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { VersionIndex } from '../../src/domain/bundle.js';
import { MAX_RELEASE_BYTES, objectHashOf, readBucketIndex } from '../../src/store/bucket.js';
import { packRelease, unpackRelease } from '../../src/store/packed-release.js';
import { canonicalJson } from '../../src/core/canonical-json.js';
import { publish as publishBuilt } from '../../cli/publish/publish.js';
import type { Bundle } from '../../src/domain/bundle.js';
import { indexOf } from '../../src/store/catalogue.js';
import { indexText } from '../../src/store/index-text.js';
import { parseVersionId, type VersionId } from '../../src/core/version.js';
import { captureIo, copyRelease, type Fixture, lv, makeFixture } from './fixture.js';

/**
 * A bucket in memory that records the order of writes; an object's etag is its version number.
 * `beforePut` runs before each write is checked and made: another publisher acting at that moment.
 */
function memoryBucket(): BucketClient & {
  objects: Map<string, string>;
  writes: string[];
  beforePut?: (key: string) => Promise<void>;
} {
  const objects = new Map<string, string>();
  const versions = new Map<string, number>();
  const writes: string[] = [];
  const bucket: ReturnType<typeof memoryBucket> = {
    atomic: true,
    objects,
    writes,
    get: async (key) => {
      const text = objects.get(key);
      return text === undefined ? undefined : { text, etag: String(versions.get(key)) };
    },
    put: async (key, text, condition) => {
      await bucket.beforePut?.(key);
      const etag = versions.get(key);
      if (condition && ('absent' in condition ? etag !== undefined : String(etag) !== condition.etagMatches))
        return false;
      writes.push(key);
      objects.set(key, text);
      versions.set(key, (etag ?? 0) + 1);
      return true;
    },
    close: async () => {},
  };
  return bucket;
}

const id = (text: string): VersionId => {
  const parsed = parseVersionId(text);
  if (parsed.error !== undefined) throw new Error(parsed.error);
  return parsed.value;
};

function retag(dir: string, version: string, status: string): void {
  const file = join(dir, 'meta.yaml');
  writeFileSync(file, stringify({ ...(parse(readFileSync(file, 'utf8')) as object), version, status }));
}

describe('publish', () => {
  let fx: Fixture;
  let bucket: ReturnType<typeof memoryBucket>;
  const publish = async (version: string) => {
    const io = captureIo();
    const code = await runPublish(io, { id: id(version), target: 'local', root: fx.root, bucket });
    return { code, io };
  };
  const index = () => VersionIndex.parse(JSON.parse(bucket.objects.get('index.json') ?? 'null'));

  beforeEach(() => {
    fx = makeFixture('2026-01-01');
    retag(copyRelease(fx, '2026-02-01-beta'), 'ai@2026-02-01-beta', 'beta');
    bucket = memoryBucket();
  });
  afterEach(() => fx.cleanup());

  it('claims a new stable id, then writes the release object and its packed object named by id and hash, the index last', async () => {
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(0);
    const entry = index().versions[0]!;
    expect(entry).toMatchObject({ id: 'ai@2026-01-01', status: 'stable', aliases: ['ai@latest'] });
    expect(bucket.writes).toEqual([
      'releases/ai@2026-01-01/stable',
      `releases/ai@2026-01-01/${entry.content_hash}.json`,
      `releases/ai@2026-01-01/${entry.content_hash}.release`,
      'index.json',
    ]);
    expect(bucket.objects.get(bucket.writes[0]!)).toBe(entry.content_hash);
    const published = bucket.objects.get(bucket.writes[1]!)!;
    expect(JSON.parse(published).manifest.content_hash).toBe(entry.content_hash);
    // The packed object is the same release, field for field.
    const packed = bucket.objects.get(bucket.writes[2]!)!;
    expect(packed.split('\n').length).toBeGreaterThan(2);
    expect(canonicalJson(unpackRelease(packed, entry.id))).toBe(canonicalJson(JSON.parse(published)));
    expect(io.text()).toContain('published ai@2026-01-01');
  });

  it('is a no-op on an unchanged release', async () => {
    await publish('ai@2026-01-01');
    const before = bucket.writes.length;
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(0);
    expect(bucket.writes).toHaveLength(before);
    expect(io.text()).toContain('unchanged ai@2026-01-01');
  });

  it('publishes a review-only change of a stable release as an index update, no release object', async () => {
    await publish('ai@2026-01-01');
    // No metadata yet: no line of it, and no length of one (decision 069).
    expect(index().translations).toBeUndefined();
    expect(bucket.objects.get('index.json')).not.toContain('"translations');
    const hash = index().versions[0]!.content_hash;
    const before = bucket.writes.length;
    fx.write('translations.yaml', {
      source_locale: 'en',
      locales: [
        { locale: 'fr', status: 'human_reviewed', reviewed_by: 'a reader', updated_at: '2026-02-01', summary: 'Read.' },
      ],
    });
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(0);
    expect(io.text()).toContain('reviewed  ai@2026-01-01');
    expect(bucket.writes.slice(before)).toEqual(['index.json']);
    expect(index().versions[0]!.content_hash).toBe(hash);
    expect(index().translations?.['ai@2026-01-01']).toMatchObject({
      locales: [{ locale: 'fr', status: 'human_reviewed' }],
    });
    // The metadata on the index's last line, alone (decision 069).
    const text = bucket.objects.get('index.json')!;
    expect(text).toBe(indexText(index()));
    expect(text.trimEnd().split('\n').at(-1)).toBe(`"translations":${JSON.stringify(index().translations)}}`);
    // A Worker reads it back cut at that line, as the index it is.
    const read = (await readBucketIndex({ get: async () => ({ text: async () => text }) })).index;
    expect(Object.getOwnPropertyDescriptor(read, 'translations')?.get).toBeDefined();
    expect({ ...read }).toEqual(index());
    expect((await publish('ai@2026-01-01')).io.text()).toContain('unchanged ai@2026-01-01');
  });

  it('refuses to change a published stable release and writes nothing', async () => {
    await publish('ai@2026-01-01');
    const before = [...bucket.objects.entries()];
    fx.edit('elements/health.yaml', (d) => {
      d.title = lv('Health, reworded');
    });
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain('a stable release never changes');
    expect([...bucket.objects.entries()]).toEqual(before);
  });

  it('replaces a beta, and keeps the other releases and the aliases of the whole bucket', async () => {
    await publish('ai@2026-01-01');
    await publish('ai@2026-02-01-beta');
    const first = index().versions.find((v) => v.id === 'ai@2026-02-01-beta')!.content_hash;
    fx.edit('../2026-02-01-beta/elements/health.yaml', (d) => {
      d.title = lv('Health, reworded');
    });
    const { code, io } = await publish('ai@2026-02-01-beta');
    expect(code).toBe(0);
    expect(io.text()).toContain('replaced  ai@2026-02-01-beta');
    const after = index();
    expect(after.versions.map((v) => v.id)).toEqual(['ai@2026-01-01', 'ai@2026-02-01-beta']);
    expect(after.versions[1]!.content_hash).not.toBe(first);
    expect(after.aliases).toEqual({ 'ai@latest': 'ai@2026-01-01', 'ai@latest-beta': 'ai@2026-02-01-beta' });
    expect(bucket.writes.at(-1)).toBe('index.json');
  });

  it("records the hash of each release object's bytes it wrote, packed ones too, keeps them through a review-only change, and drops a replaced beta's", async () => {
    await publish('ai@2026-01-01');
    await publish('ai@2026-02-01-beta');
    const keys = () =>
      index().versions.flatMap((v) => [
        `releases/${v.id}/${v.content_hash}.json`,
        `releases/${v.id}/${v.content_hash}.release`,
      ]);
    const hashesOfStored = async () =>
      Object.fromEntries(await Promise.all(keys().map(async (k) => [k, await objectHashOf(bucket.objects.get(k)!)])));
    expect(index().objects).toEqual(await hashesOfStored());
    fx.write('translations.yaml', {
      source_locale: 'en',
      locales: [
        { locale: 'fr', status: 'human_reviewed', reviewed_by: 'a reader', updated_at: '2026-02-01', summary: 'Read.' },
      ],
    });
    expect((await publish('ai@2026-01-01')).io.text()).toContain('reviewed  ai@2026-01-01');
    expect(index().objects).toEqual(await hashesOfStored());
    fx.edit('../2026-02-01-beta/elements/health.yaml', (d) => {
      d.title = lv('Health, reworded');
    });
    expect((await publish('ai@2026-02-01-beta')).io.text()).toContain('replaced  ai@2026-02-01-beta');
    expect(Object.keys(index().objects as object)).toEqual(keys());
    expect(index().objects).toEqual(await hashesOfStored());
  });

  it('records the hashes of objects published before the index had them, once, and only for objects that are their release; writes their packed objects once', async () => {
    await publish('ai@2026-01-01');
    await publish('ai@2026-02-01-beta');
    const { objects, ...older } = index();
    const recorded = objects as Record<string, string>;
    const [stableKey, stablePacked, betaKey, betaPacked] = Object.keys(recorded);
    expect([stableKey, stablePacked, betaKey, betaPacked].map((k) => k!.split('.').at(-1))).toEqual([
      'json',
      'release',
      'json',
      'release',
    ]);
    // An index written before the hashes (and packed objects) were recorded, and a stored beta edited since.
    bucket.objects.set('index.json', JSON.stringify(older));
    bucket.objects.delete(stablePacked!);
    bucket.objects.delete(betaPacked!);
    const edited = JSON.parse(bucket.objects.get(betaKey!)!);
    edited.manifest.notes = 'changed after publishing';
    bucket.objects.set(betaKey!, JSON.stringify(edited));
    const before = bucket.writes.length;
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(0);
    expect(io.text()).toContain('unchanged ai@2026-01-01');
    expect(bucket.writes.slice(before)).toEqual([stablePacked, 'index.json']);
    expect(index().objects).toEqual({ [stableKey!]: recorded[stableKey!], [stablePacked!]: recorded[stablePacked!] });
    // The beta's stored object is not its release and gets no hash; its packed object, written from
    // the build that has the release's content hash, is the release and gets one.
    expect((await publish('ai@2026-02-01-beta')).io.text()).toContain('unchanged ai@2026-02-01-beta');
    expect(Object.keys(index().objects as object)).toEqual([stableKey, stablePacked, betaPacked]);
    expect(index().objects).toMatchObject({ [betaPacked!]: recorded[betaPacked!] });
    // Recorded once: publishing again writes nothing.
    const after = bucket.writes.length;
    await publish('ai@2026-01-01');
    expect(bucket.writes).toHaveLength(after);
  });

  it("gives a release published with decision 065's packed object the newer form's, once, and keeps the older one's hash for the readers that read it", async () => {
    await publish('ai@2026-01-01');
    const entry = index().versions[0]!;
    const older = `releases/ai@2026-01-01/${entry.content_hash}.packed`;
    const newer = `releases/ai@2026-01-01/${entry.content_hash}.release`;
    // The bucket as publish left it before decision 067: the `.packed` object alone, its hash recorded.
    const { objects, ...rest } = index();
    const legacyText = packRelease(
      JSON.parse(bucket.objects.get(`releases/ai@2026-01-01/${entry.content_hash}.json`)!),
    );
    bucket.objects.set(older, legacyText);
    bucket.objects.delete(newer);
    const recorded = { ...(objects as Record<string, string>), [older]: await objectHashOf(legacyText) };
    delete recorded[newer];
    bucket.objects.set('index.json', JSON.stringify({ ...rest, objects: recorded }));
    const before = bucket.writes.length;
    expect((await publish('ai@2026-01-01')).io.text()).toContain('unchanged ai@2026-01-01');
    expect(bucket.writes.slice(before)).toEqual([newer, 'index.json']);
    expect(index().objects).toEqual({
      ...recorded,
      [newer]: await objectHashOf(bucket.objects.get(newer)!),
    });
    expect(bucket.objects.get(older)).toBe(legacyText);
    // Once: publishing again writes nothing.
    const after = bucket.writes.length;
    await publish('ai@2026-01-01');
    expect(bucket.writes).toHaveLength(after);
  });

  it('reads, merges and writes the index again when another publish changed it meanwhile', async () => {
    bucket.beforePut = async (key) => {
      if (key !== 'index.json') return;
      bucket.beforePut = undefined;
      expect((await publish('ai@2026-02-01-beta')).code).toBe(0);
    };
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(0);
    expect(io.text()).toContain('published ai@2026-01-01');
    expect(index().versions.map((v) => v.id)).toEqual(['ai@2026-01-01', 'ai@2026-02-01-beta']);
    expect(bucket.writes.filter((k) => k === 'index.json')).toHaveLength(2);
    // Each packed copy is written once, the first attempt's kept through the second.
    expect(bucket.writes.filter((k) => k.endsWith('.release')).map((k) => k.split('/')[1])).toEqual([
      'ai@2026-01-01',
      'ai@2026-02-01-beta',
    ]);
    const packed = Object.keys(index().objects as object).filter((k) => k.endsWith('.release'));
    expect(packed).toHaveLength(2);
    for (const k of packed)
      expect((index().objects as Record<string, string>)[k]).toBe(await objectHashOf(bucket.objects.get(k)!));
  });

  it('says what it did when an index write landed but its answer was lost (the write repeated answers "not written")', async () => {
    const put = bucket.put;
    /** Each index write lands, and the first one of every run answers as a repeat would: not written. */
    let lose = true;
    bucket.put = async (key, text, condition) => {
      const wrote = await put(key, text, condition);
      if (key !== 'index.json' || !lose) return wrote;
      lose = false;
      return false;
    };
    const first = await publish('ai@2026-01-01');
    expect(first.code).toBe(0);
    expect(first.io.text()).toContain('published ai@2026-01-01');
    expect(index().versions.map((v) => v.id)).toEqual(['ai@2026-01-01']);
    fx.write('translations.yaml', {
      source_locale: 'en',
      locales: [
        { locale: 'fr', status: 'human_reviewed', reviewed_by: 'a reader', updated_at: '2026-02-01', summary: 'Read.' },
      ],
    });
    lose = true;
    expect((await publish('ai@2026-01-01')).io.text()).toContain('reviewed  ai@2026-01-01');
    lose = true;
    expect((await publish('ai@2026-01-01')).io.text()).toContain('unchanged ai@2026-01-01');
  });

  it("keeps another publisher's hash of an object it wrote again in other bytes meanwhile", async () => {
    bucket.beforePut = async (key) => {
      if (key !== 'index.json') return;
      bucket.beforePut = undefined;
      // Another publisher: the same release in other bytes, and an index naming it with a review.
      const ours = [...bucket.objects.keys()].find((k) => k.startsWith('releases/ai@2026-02-01-beta/'))!;
      const theirs = JSON.stringify(JSON.parse(bucket.objects.get(ours)!), null, 1);
      await bucket.put(ours, theirs);
      const m = JSON.parse(theirs).manifest;
      const entry = { id: m.version, status: m.status, created_at: m.created_at, content_hash: m.content_hash };
      const reviewed = indexOf([entry], { [m.version]: { source_locale: 'en', locales: [], flags: [] } });
      await bucket.put('index.json', JSON.stringify({ ...reviewed, objects: { [ours]: await objectHashOf(theirs) } }));
    };
    expect((await publish('ai@2026-02-01-beta')).code).toBe(0);
    const keys = Object.keys(index().objects as object);
    expect(keys.map((k) => k.split('.').at(-1))).toEqual(['json', 'release']);
    const stored = async (k: string) => [k, await objectHashOf(bucket.objects.get(k)!)];
    expect(index().objects).toEqual(Object.fromEntries(await Promise.all(keys.map(stored))));
  });

  it('refuses to write a text whose content is not the hash it is stamped with (readers would take its bytes on the index word)', async () => {
    await publish('ai@2026-02-01-beta');
    const [key] = Object.keys(index().objects as object);
    const bundle = JSON.parse(bucket.objects.get(key!)!) as Bundle;
    const edited = { ...bundle, manifest: { ...bundle.manifest, version: 'ai@2026-03-01-beta', notes: 'edited' } };
    const before = bucket.writes.length;
    await expect(publishBuilt(bucket, [{ bundle: edited, json: JSON.stringify(edited) }])).rejects.toThrow(
      'does not have the content hash it is stamped with',
    );
    expect(bucket.writes).toHaveLength(before);
  });

  it('writes no packed copy whose content is not the hash its release is stamped with', async () => {
    await publish('ai@2026-02-01-beta');
    const { objects, ...older } = index();
    const [key] = Object.keys(objects as object);
    // An index from before packed copies, and a build of the same release whose content has changed
    // under its old stamp: judged unchanged, it would be given its packed copy now.
    bucket.objects.set(
      'index.json',
      JSON.stringify({ ...older, objects: { [key!]: (objects as Record<string, string>)[key!] } }),
    );
    const bundle = JSON.parse(bucket.objects.get(key!)!) as Bundle;
    const edited = { ...bundle, manifest: { ...bundle.manifest, notes: 'edited after its hash was stamped' } };
    const before = bucket.writes.length;
    await expect(publishBuilt(bucket, [{ bundle: edited, json: JSON.stringify(edited) }])).rejects.toThrow(
      'the packed copy of its built release does not have the content hash it is stamped with',
    );
    expect(bucket.writes).toHaveLength(before);
  });

  it('refuses a release over the size a reader reads, and writes nothing', async () => {
    await publish('ai@2026-02-01-beta');
    const [key] = Object.keys(index().objects as object);
    const json = bucket.objects.get(key!)!;
    const bundle = JSON.parse(json) as Bundle;
    const before = bucket.writes.length;
    // The same release, padded past the limit with whitespace (still the same JSON).
    const [outcome] = await publishBuilt(bucket, [{ bundle, json: json + ' '.repeat(MAX_RELEASE_BYTES) }]);
    expect(outcome).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining(`over the ${MAX_RELEASE_BYTES}`),
    });
    expect(bucket.writes).toHaveLength(before);
  });

  it('refuses a release whose packed copy would be over the size a reader reads, and writes nothing', async () => {
    await publish('ai@2026-02-01-beta');
    const [key] = Object.keys(index().objects as object);
    const json = bucket.objects.get(key!)!;
    const bundle = JSON.parse(json) as Bundle;
    const before = bucket.writes.length;
    // A built text under the limit whose release packs to more (symbols well past it).
    const large = { ...bundle, symbols: { big: 'x'.repeat(MAX_RELEASE_BYTES) } } as unknown as Bundle;
    const [outcome] = await publishBuilt(bucket, [{ bundle: large, json }]);
    expect(outcome).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining(`over the ${MAX_RELEASE_BYTES}`),
    });
    expect(bucket.writes).toHaveLength(before);
  });

  it('refuses a new stable id another publish claimed for other content, and writes no release', async () => {
    await bucket.put('releases/ai@2026-01-01/stable', 'sha256-other');
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toContain(
      'ai@2026-01-01 is claimed as stable with sha256-other by another publish; a stable release never changes.',
    );
    expect(bucket.writes).toEqual(['releases/ai@2026-01-01/stable']);
  });

  it('gives up with a clear error when the index changes under every attempt', async () => {
    let inside = false;
    bucket.beforePut = async (key) => {
      if (key !== 'index.json' || inside) return;
      inside = true;
      await bucket.put('index.json', (await bucket.get('index.json'))?.text ?? '{"versions": [], "aliases": {}}');
      inside = false;
    };
    const { code, io } = await publish('ai@2026-02-01-beta');
    expect(code).toBe(1);
    expect(io.stderr[0]).toMatch(
      /^publish: error: the local bucket dtpr-releases: index\.json changed under this publish/,
    );
    expect(io.stderr[1]).toMatch(/Run this again when the other publishes have finished/);
  });

  it('publishes nothing from a release with content errors', async () => {
    fx.edit('elements/health.yaml', (d) => {
      d.symbol_id = 'nope';
    });
    const { code, io } = await publish('ai@2026-01-01');
    expect(code).toBe(1);
    expect(io.text()).toContain('symbol_not_found');
    expect(bucket.writes).toEqual([]);
  });

  it('needs one release or --all, and one of --local or --remote', () => {
    for (const argv of [
      ['publish', '--local'],
      ['publish', 'ai@2026-01-01'],
      ['publish', 'ai@2026-01-01', '--local', '--remote'],
      ['publish', 'ai@2026-01-01', '--all', '--local'],
    ]) {
      const io = captureIo();
      expect(runCli(argv, io)).toBe(2);
      expect(io.stderr[0]).toMatch(/^error: publish/);
    }
  });

  it('writes the local bucket wrangler dev serves: every release with --all, read back through R2', async () => {
    const persistTo = join(fx.base, 'state');
    const io = captureIo();
    expect(await runCli(['publish', '--all', '--local', '--root', fx.root, '--persist-to', persistTo], io)).toBe(0);
    const local = await localBucket(persistTo);
    try {
      const published = VersionIndex.parse(JSON.parse((await local.get('index.json'))?.text ?? 'null'));
      expect(published.versions.map((v) => v.id)).toEqual(['ai@2026-01-01', 'ai@2026-02-01-beta']);
      const entry = published.versions[0]!;
      const text = await local.get(`releases/${entry.id}/${entry.content_hash}.json`);
      expect(JSON.parse(text?.text ?? 'null').manifest.version).toBe('ai@2026-01-01');
    } finally {
      await local.close();
    }
  });

  it('names the bucket wrangler.toml binds as RELEASES', () => {
    const toml = readFileSync(join(PROJECT_ROOT, 'wrangler.toml'), 'utf8');
    expect(toml).toMatch(new RegExp(`binding = "RELEASES"\\nbucket_name = "${RELEASE_BUCKET}"`));
  });
});
