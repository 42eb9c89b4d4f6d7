import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Bundle, VersionIndex } from '../../src/domain/bundle.js';
import { INDEX_KEY, packedKey, releaseKey } from '../../src/store/bucket.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { servedStatus } from '../../src/store/store.js';
import realistic from '../e2e/fixtures/realistic-15.json';
import { bucketArea, countedColdStore } from '../helpers/bucket.js';

/**
 * A datachain pinned to another served release is told so, with that release named as one to call
 * the tool with, and the release is not read for it: the check asks the catalogue, not the release.
 */
const ALL = JSON.parse(VERSION_INDEX) as VersionIndex;
const EMBEDDED_ID = ALL.versions[0]!.id;
const CHECKED = 'ai@2026-08-12';
const PINNED = ALL.versions
  .map((v) => v.id)
  .find((id) => id.startsWith('ai@') && id !== CHECKED && id !== EMBEDDED_ID)!;
const area = bucketArea('served-hint');
const objectsOf = (id: string) => {
  const hash = (JSON.parse(BUNDLES[id]!) as Bundle).manifest.content_hash;
  return [releaseKey(id, hash), packedKey(id, hash)];
};

/** A fresh app over a cold store of the area, its reads listed; reads of `failing` keys throw. */
function coldApp(failing: readonly string[] = []) {
  const { store, reads } = countedColdStore(area.reader, failing);
  const app = createApp({ store: () => store });
  const call = async (name: string, args: unknown) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const res = await app.request('/mcp', { method: 'POST', headers, body }, env);
    return (await res.json()) as any;
  };
  return { reads, call };
}

describe('a datachain pinned to another served release', () => {
  beforeAll(async () => {
    expect(PINNED).toBeDefined();
    await area.clear();
    await area.publish(
      ALL.versions.slice(1).map((v) => BUNDLES[v.id]!),
      true,
    );
  });

  it('is told to call the tool with that release, which is not read for it', async () => {
    const { reads, call } = coldApp();
    const body = await call('validate_datachain', {
      version: CHECKED,
      datachain: { ...realistic, schema_version: PINNED },
    });
    const answer = body.result.structuredContent;
    expect(answer.ok).toBe(false);
    const mismatch = answer.errors.find((e: any) => e.code === 'schema_version_mismatch');
    expect(mismatch.fix_hint).toContain(`or call the tool with version "${PINNED}"`);
    expect(reads[0]).toBe(INDEX_KEY);
    expect(reads).toContain(objectsOf(CHECKED)[1]);
    for (const key of objectsOf(PINNED)) expect(reads).not.toContain(key);
  });

  it('that this isolate could not read still gets its datachain checked, the mismatch found', async () => {
    const { call } = coldApp(objectsOf(PINNED));
    const failed = await call('get_element', { version: PINNED, element_id: 'camera' });
    expect(failed.result.structuredContent.errors[0].code).toBe('upstream_error');
    const body = await call('validate_datachain', {
      version: CHECKED,
      datachain: { ...realistic, schema_version: PINNED },
    });
    const codes = body.result.structuredContent.errors.map((e: any) => e.code);
    expect(codes).toContain('schema_version_mismatch');
    expect(codes).not.toContain('upstream_error');
  });

  it('not served here is said to be so', async () => {
    const { call } = coldApp();
    const pinned = 'ai@2020-01-01';
    const body = await call('validate_datachain', {
      version: CHECKED,
      datachain: { ...realistic, schema_version: pinned },
    });
    const mismatch = body.result.structuredContent.errors.find((e: any) => e.code === 'schema_version_mismatch');
    expect(mismatch.fix_hint).toContain(`'${pinned}' is not served here`);
  });
});

describe('servedStatus, what a hint and a cache policy ask of a release', () => {
  it('answers a release this isolate holds while the catalogue is provisional, reading nothing', () => {
    // An embedded stable release is served before the bucket's index is read (decision 048).
    const { store, reads } = countedColdStore(area.reader, [], CHECKED);
    const held = store.release(CHECKED)!;
    expect(store.provisional!()).toBe(true);
    expect(servedStatus(store, CHECKED)).toBe(held.status);
    expect(reads).toEqual([]);
  });

  it('answers a listed release from the catalogue without reading it, and nothing for one not served', async () => {
    const { store, reads } = countedColdStore(area.reader);
    await store.settle!();
    expect(servedStatus(store, PINNED)).toBe(ALL.versions.find((v) => v.id === PINNED)!.status);
    expect(servedStatus(store, 'ai@2020-01-01')).toBeUndefined();
    expect(reads).toEqual([INDEX_KEY]);
  });
});
