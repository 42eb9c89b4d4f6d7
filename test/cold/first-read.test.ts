import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index.js';
import { FILES } from '../../src/store/generated/embedded-files.js';
import { BUCKET_GUESSES, VERSION_INDEX } from '../../src/store/generated/embedded.js';
import { INDEX_KEY, packedKey } from '../../src/store/bucket.js';
import { deploymentStore } from '../../src/store/deployment.js';
import { withReleases } from '../../src/store/loading.js';
import { resolveVersion } from '../../src/store/store.js';
import { indexHeldReader } from '../helpers/bucket.js';
import { coldApp } from '../helpers/cold.js';
import { callTool, serveWith } from '../helpers/http.js';
import { modern } from '../helpers/modern.js';
import { aliasTarget, VERSION_IDS } from '../helpers/releases.js';
import { rest } from '../rest/helpers.js';

/** The ids the deployable embedded set ships; every other release is read from the bucket. */
const EMBEDDED_IDS = (JSON.parse(VERSION_INDEX) as { versions: { id: string }[] }).versions.map((v) => v.id);
const LATEST = aliasTarget('ai@latest');

/** Each case below starts from a fresh app: its first request is the first the store sees. */
const fresh = () => serveWith(coldApp());

describe('a fresh deployment: the catalogue of the embedded set and the bucket', () => {
  it('lists every published release, and ai@latest names one only the bucket holds', async () => {
    fresh();
    const listed = await callTool('list_schema_versions', {});
    expect(listed.structuredContent.data.versions.map((v: { id: string }) => v.id)).toEqual(VERSION_IDS);
    expect(EMBEDDED_IDS).not.toContain(LATEST);
  });
});

describe('a fresh deployment: the first request for a release nothing has read', () => {
  it('MCP 2025: tools/call get_element', async () => {
    fresh();
    const r = await callTool('get_element', { version: 'ai@latest', element_id: 'people' });
    expect(r.structuredContent).toMatchObject({ ok: true, meta: { version: LATEST } });
  });

  it('MCP 2026-07-28: tools/call get_element', async () => {
    fresh();
    const r = await modern('tools/call', {
      name: 'get_element',
      arguments: { version: 'ai@latest', element_id: 'people' },
    });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.json.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { ok: true, meta: { version: LATEST } },
    });
  });

  it('MCP 2026-07-28: server/discover', async () => {
    fresh();
    const r = await modern('server/discover');
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.json.result).toMatchObject({
      supportedVersions: expect.arrayContaining(['2026-07-28']),
      resultType: 'complete',
    });
  });

  it('REST: an element of the release', async () => {
    fresh();
    const r = await rest(`/api/v2/schemas/ai@latest/elements/people`);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.json).toMatchObject({ ok: true, meta: { version: LATEST } });
  });
});

describe('a fresh deployment: the embedded set ships as Data modules (bytes)', () => {
  it('the Worker imports one packed file per embedded release, and each is served from it', async () => {
    const index = JSON.parse(VERSION_INDEX) as { versions: { id: string; content_hash: string }[] };
    expect(Object.keys(FILES).sort()).toEqual(
      index.versions.map((v) => `releases/${v.id}/${v.content_hash}.json`).sort(),
    );
    for (const v of index.versions) {
      // Packed: the elements, their listed forms, then the symbols, on lines of their own after the
      // release (src/store/packed-release.ts, decisions 067 and 073).
      // Bytes (a Data module, decision 084), in ASCII.
      const bytes = new Uint8Array(FILES[`releases/${v.id}/${v.content_hash}.json`]!);
      expect(FILES[`releases/${v.id}/${v.content_hash}.json`]).toBeInstanceOf(ArrayBuffer);
      expect(bytes.every((b) => b < 0x80)).toBe(true);
      const text = new TextDecoder().decode(bytes);
      const file = JSON.parse(text.split('\n')[0]!) as Record<string, any>;
      expect(file.manifest).toMatchObject({ version: v.id, content_hash: v.content_hash });
      expect(file.elements.line).toBe(1);
      expect(file.elements.listed).toBe(2);
      expect(file.symbols).toBe(3);
      fresh();
      const r = await callTool('get_schema', { version: v.id });
      expect(r.structuredContent, v.id).toMatchObject({ ok: true, meta: { version: v.id } });
    }
  });

  it("the Worker's own entry serves the embedded set from its files, not from the bucket that also holds it", async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('http://127.0.0.1:8787/api/v2/schemas', { headers: { 'dtpr-client': 'cold-entry' } }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const versions = ((await res.json()) as { data: { versions: { id: string; held: string }[] } }).data.versions;
    // Every release is in the bucket too: only the files make these embedded.
    expect(EMBEDDED_IDS.length).toBeGreaterThan(0);
    for (const id of EMBEDDED_IDS) expect(versions.find((v) => v.id === id)?.held, id).toBe('embedded');
  });

  it('a first call on a release the build published reads its packed object beside the index (decision 071)', async () => {
    const alias = 'dtpr@latest-beta';
    const [id, hash] = BUCKET_GUESSES[alias]!;
    expect(id).toBe(aliasTarget(alias));
    expect(EMBEDDED_IDS).not.toContain(id);
    const { bucket, reads, open } = indexHeldReader(env.RELEASES!);
    const store = deploymentStore({ RELEASES: bucket as unknown as R2Bucket }, FILES);
    const served = withReleases(store, () => resolveVersion(store, alias));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toEqual([INDEX_KEY, packedKey(id, hash)]);
    open();
    expect((await served).value?.id).toBe(id);
    expect(reads).toEqual([INDEX_KEY, packedKey(id, hash)]);
  });
});
