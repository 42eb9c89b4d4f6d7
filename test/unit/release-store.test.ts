import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { filesReader, releaseKey } from '../../src/store/bucket.js';
import { bucketArea } from '../helpers/bucket.js';
import { indexOf } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { createLayeredStore } from '../../src/store/layered.js';
import type { SchemaStore } from '../../src/store/store.js';
import { packedFiles } from '../helpers/packed-files.js';
import { rpcToApp } from '../helpers/http.js';

/** An area of the local bucket of this file's own (other files share the runtime and its bucket). */
const area = bucketArea('release-store');

/** Every release under schemas/, and one of them (the oldest) held only in the bucket. */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const BUCKET_ID = ALL.versions[0]!.id;
const EMBEDDED_IDS = ALL.versions.slice(1).map((v) => v.id);

const entryOf = (index: VersionIndex, id: string) => {
  const { aliases: _, ...entry } = index.versions.find((v) => v.id === id)!;
  return entry;
};
const embeddedPart = () =>
  createEmbeddedStore(
    Object.fromEntries(EMBEDDED_IDS.map((id) => [id, BUNDLES[id]!])),
    JSON.stringify(indexOf(EMBEDDED_IDS.map((id) => entryOf(ALL, id)))),
  );

function appOver(store: SchemaStore) {
  const app = createApp({ store: () => store });
  const rpc = (method: string, params: unknown) => rpcToApp(app, method, params);
  const tool = async (name: string, args: unknown) => (await rpc('tools/call', { name, arguments: args })).result;
  const get = (path: string) => app.request(path, {}, env);
  return { rpc, tool, get };
}

describe('the release store over the R2 bucket', () => {
  let now = 0;
  let store: SchemaStore;
  const layered = () =>
    createLayeredStore({ embedded: embeddedPart(), bucket: area.reader, now: () => now, indexTtlMs: 60_000 });

  beforeEach(async () => {
    now = 0;
    await area.clear();
    await area.publish([BUNDLES[BUCKET_ID]!]);
    store = layered();
  });
  afterAll(area.clear);

  it('lists one catalogue: the embedded releases and the bucket one, with aliases over both', async () => {
    const { tool } = appOver(store);
    const data = (await tool('list_schema_versions', {})).structuredContent.data;
    expect(data.versions.map((v: any) => [v.id, v.held])).toEqual(
      ALL.versions.map((v) => [v.id, v.id === BUCKET_ID ? 'bucket' : 'embedded']),
    );
    expect(data.versions.map((v: any) => v.aliases)).toEqual(ALL.versions.map((v) => v.aliases));
    expect(data.catalogue.sources).toEqual(['embedded', 'bucket']);
  });

  it('serves a bucket release on first use, through tools, prompts and the SVG routes, then from memory', async () => {
    const { tool, rpc, get } = appOver(store);
    const read = vi.spyOn(area.reader, 'get');
    const first = await tool('list_categories', { version: BUCKET_ID });
    expect(first.isError).toBeUndefined();
    expect(first.structuredContent.data.version).toBe(BUCKET_ID);
    const reads = read.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    const again = await tool('list_categories', { version: BUCKET_ID });
    expect(again.structuredContent.data).toEqual(first.structuredContent.data);
    const checked = await tool('validate_datachain', { version: BUCKET_ID, datachain: { elements: [] } });
    expect(checked.structuredContent.errors[0].code).toBe('element_required');
    const prompt = await rpc('prompts/get', {
      name: 'choose_elements',
      arguments: { version: BUCKET_ID, category_id: 'purpose', system_description: 'A camera that counts bikes.' },
    });
    expect(prompt.error ?? null).toBeNull();
    const symbol = Object.keys((JSON.parse(BUNDLES[BUCKET_ID]!) as Bundle).symbols)[0]!;
    const svg = await get(`/api/v2/schemas/${BUCKET_ID}/symbols/${symbol}.svg`);
    expect(svg.status).toBe(200);
    expect(read.mock.calls.length).toBe(reads);
    read.mockRestore();
  });

  it('answers upstream_error, not a fault, when a bucket object does not match its content hash', async () => {
    const bundle = JSON.parse(BUNDLES[BUCKET_ID]!) as Bundle;
    const tampered = { ...bundle, categories: bundle.categories.slice(1) };
    await area.put(releaseKey(BUCKET_ID, bundle.manifest.content_hash), JSON.stringify(tampered));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { tool, get } = appOver(store);
    const answer = await tool('list_categories', { version: BUCKET_ID });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent.errors[0]).toMatchObject({ code: 'upstream_error', retryable: false });
    const symbol = Object.keys(bundle.symbols)[0]!;
    const svg = await get(`/api/v2/schemas/${BUCKET_ID}/symbols/${symbol}.svg`);
    expect(svg.status).toBe(502);
    expect(((await svg.json()) as any).errors[0].code).toBe('upstream_error');
    vi.restoreAllMocks();
  });

  it('reads the index again after its time to live, and a replaced beta again', async () => {
    const { tool } = appOver(store);
    const bundle = JSON.parse(BUNDLES[BUCKET_ID]!) as Bundle;
    await tool('list_categories', { version: BUCKET_ID });
    // A release published after the first read: a copy under a new beta id (its hash is recomputed).
    const { computeLikeCli } = await import('../helpers/rehash.js');
    const next = await computeLikeCli({
      ...bundle,
      manifest: { ...bundle.manifest, version: 'ai@2099-01-01-beta', status: 'beta' },
    });
    await area.publish([BUNDLES[BUCKET_ID]!, JSON.stringify(next)]);
    const ids = async () =>
      (await tool('list_schema_versions', {})).structuredContent.data.versions.map((v: any) => v.id) as string[];
    expect(await ids()).not.toContain('ai@2099-01-01-beta');
    now += 60_001;
    expect(await ids()).toContain('ai@2099-01-01-beta');
    const latest = await tool('get_schema', { version: 'ai@latest-beta' });
    expect(latest.structuredContent.data.version ?? latest.structuredContent.meta.version).toBe('ai@2099-01-01-beta');
    // The beta is replaced: the next read of the index names a new hash, and the release is read again.
    const renamed = await computeLikeCli({ ...next, categories: next.categories.slice().reverse() });
    await area.publish([BUNDLES[BUCKET_ID]!, JSON.stringify(renamed)]);
    now += 60_001;
    const order = (
      await tool('list_categories', { version: 'ai@2099-01-01-beta' })
    ).structuredContent.data.categories.map((c: any) => c.id);
    expect(order).toEqual(renamed.categories.map((c) => c.id));
  });

  it('a background refresh whose request ended before starting it claims nothing: the next request hands over another', async () => {
    // The first request waits for the index and hands over the alias targets; its work never starts (the client went away).
    const dropped: Array<() => Promise<unknown>> = [];
    await store.refresh!((work) => void dropped.push(work));
    expect(dropped).toHaveLength(1);
    const bundle = JSON.parse(BUNDLES[BUCKET_ID]!) as Bundle;
    const { computeLikeCli } = await import('../helpers/rehash.js');
    const next = await computeLikeCli({
      ...bundle,
      manifest: { ...bundle.manifest, version: 'ai@2099-01-01-beta', status: 'beta' },
    });
    await area.publish([BUNDLES[BUCKET_ID]!, JSON.stringify(next)]);
    now += 60_001;
    const started: Promise<unknown>[] = [];
    expect(store.refresh!((work) => void started.push(work()))).toBeUndefined();
    expect(started).toHaveLength(1);
    await Promise.all(started);
    expect(store.index().versions.map((v) => v.id)).toContain('ai@2099-01-01-beta');
    // The work handed over first, started late, finds nothing left to do: it reads nothing.
    const read = vi.spyOn(area.reader, 'get');
    await dropped[0]!();
    expect(read).not.toHaveBeenCalled();
  });

  it('serves the embedded set alone without a bucket, and says so', async () => {
    const { tool } = appOver(createLayeredStore({ embedded: embeddedPart() }));
    const data = (await tool('list_schema_versions', {})).structuredContent.data;
    expect(data.versions.map((v: any) => v.id)).toEqual(EMBEDDED_IDS);
    expect(data.catalogue.sources).toEqual(['embedded']);
    expect(data.catalogue.note).toMatch(/No release bucket is bound/);
    const missing = await tool('list_categories', { version: BUCKET_ID });
    expect(missing.structuredContent.errors[0].code).toBe('unknown_version');
  });

  it('lists only the embedded releases it can serve when there are neither texts nor files for the others', () => {
    const partial = createEmbeddedStore({ [BUCKET_ID]: BUNDLES[BUCKET_ID]! }, VERSION_INDEX);
    expect(partial.index().versions.map((v) => v.id)).toEqual([BUCKET_ID]);
    expect(Object.values(partial.index().aliases)).toEqual(expect.arrayContaining([BUCKET_ID]));
    expect(partial.release(EMBEDDED_IDS[0]!)).toBeUndefined();
  });

  it('reads the embedded set from its packed files when the script carries no texts', async () => {
    const files = packedFiles();
    const shipped = ALL.versions.map((v) => v.id);
    const fromFiles = createEmbeddedStore(
      {},
      JSON.stringify(indexOf(shipped.map((id) => entryOf(ALL, id)))),
      filesReader(files),
    );
    const { tool } = appOver(createLayeredStore({ embedded: fromFiles }));
    for (const id of shipped) {
      const answer = await tool('get_schema', { version: id });
      expect(answer.isError).toBeUndefined();
      expect((await tool('list_schema_versions', {})).structuredContent.data.versions.map((v: any) => v.held)).toEqual(
        shipped.map(() => 'embedded'),
      );
    }
  });
});
