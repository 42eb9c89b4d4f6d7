import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { filterLocales, project } from '../src/core/projection.js';
import { DatachainInstance } from '../src/domain/datachain.js';
import { renderOutput } from '../src/services/render/output.js';
import { SessionSlots } from '../src/store/sessions.js';
import { releaseSource } from '../src/services/render/view/source.js';
import { releaseIndex, searchElements } from '../src/services/search/search.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { memoryKv } from '../test/helpers/in-process.js';

/**
 * The Worker's hot functions on a warm isolate (release parsed, search index rehydrated).
 * Run: npx vitest bench --project cli --run bench/hot-paths.bench.ts
 */
const release = catalogueStore().release('ai@2026-08-12')!;
const index = releaseIndex(release, 'en')!;
const fr = new Set(['fr']);
const realistic = DatachainInstance.parse(
  JSON.parse(readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8')),
);
const source = releaseSource(release);
const kv = memoryKv();
const slots = new SessionSlots();
/** The bench keeps without a quota: it measures the store, not the limit. */
const place = { kv, address: 'bench', quota: { count: Number.MAX_SAFE_INTEGER, bytes: Number.MAX_SAFE_INTEGER } };

describe('hot paths', () => {
  bench('search "face recognition" (stemmed, boosted fields, match info)', () => {
    searchElements(index, 'face recognition');
  });
  bench('project 50 elements to id,title,category_id', () => {
    release.bundle.elements.slice(0, 50).map((e) => project(e, ['id', 'title', 'category_id']));
  });
  bench('filter locales of 50 full elements', () => {
    filterLocales(release.bundle.elements.slice(0, 50), fr);
  });
  bench('render the 15-element datachain (view + HTML)', () => {
    renderOutput({ value: realistic, warnings: [] }, source, { format: 'page', locale: 'en' });
  });
  bench('render the 15-element datachain, keep it in the session and read it back (memory KV)', async () => {
    const out = renderOutput({ value: realistic, warnings: [] }, source, { format: 'page', locale: 'en' });
    await slots.write(place, 'bench', 'page', out.body, '{}');
    await slots.read(kv, 'bench', 'page');
  });
  bench('render the 15-element datachain as a sign (view + SVG + QR)', () => {
    renderOutput({ value: realistic, warnings: [] }, source, {
      format: 'sign',
      locale: 'en',
      link: 'https://riverton.example.org/ai/traffic-cameras',
    });
  });
});
