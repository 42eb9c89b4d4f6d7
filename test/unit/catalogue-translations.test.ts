import { describe, expect, it } from 'vitest';
import type { VersionIndex } from '../../src/domain/bundle.js';
import { indexOf, mergeIndexes } from '../../src/store/catalogue.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { surfacesOver } from '../helpers/dtpr-fixture.js';

const entry = (id: string, status: 'beta' | 'stable' = 'beta') => ({ id, status, created_at: 'x', content_hash: id });

describe('review metadata in the version index', () => {
  it('keeps only the metadata of served ids, and no key when there is none', () => {
    expect(
      indexOf([entry('ai@2026-01-01-beta')], { 'ai@2026-01-01-beta': 1, 'ai@2030-01-01': 2 }).translations,
    ).toEqual({
      'ai@2026-01-01-beta': 1,
    });
    expect('translations' in indexOf([entry('ai@2026-01-01-beta')])).toBe(false);
  });

  it('merges like entries: the later index wins an id, with its metadata or without any', () => {
    const a = indexOf([entry('ai@2026-01-01-beta'), entry('ai@2026-02-01-beta')], {
      'ai@2026-01-01-beta': 'a1',
      'ai@2026-02-01-beta': 'a2',
    });
    const b = indexOf([entry('ai@2026-01-01-beta'), entry('ai@2026-03-01-beta')], { 'ai@2026-03-01-beta': 'b3' });
    expect(mergeIndexes(a, b).translations).toEqual({ 'ai@2026-02-01-beta': 'a2', 'ai@2026-03-01-beta': 'b3' });
  });
});

describe('a release whose published review metadata is malformed', () => {
  it('is answered as one without metadata, with a warning', async () => {
    const all = JSON.parse(VERSION_INDEX) as VersionIndex;
    const id = 'ai@2026-08-12';
    const index = { ...all, translations: { ...all.translations, [id]: { locales: 'not a list' } } };
    const store = createEmbeddedStore({ [id]: BUNDLES[id]! }, JSON.stringify(index));
    const answer = (await surfacesOver(store).tool('get_translation_status', { version: id })).structuredContent;
    expect(answer.ok).toBe(true);
    expect(answer.data.flags).toEqual([]);
    expect(answer.data.locales.map((l: { status: string }) => l.status)).toEqual(['source', 'unverified']);
    expect(answer.meta.warnings[0]).toContain('could not be read');
  });
});
