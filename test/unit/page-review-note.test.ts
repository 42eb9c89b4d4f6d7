import { describe, expect, it } from 'vitest';
import type { VersionIndex } from '../../src/domain/bundle.js';
import type { REVIEW_STATUSES } from '../../src/domain/translations.js';
import { labelsFor } from '../../src/services/render/shared/labels.js';
import { createEmbeddedStore } from '../../src/store/embedded.js';
import { BUNDLES, VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { surfacesOver } from '../helpers/dtpr-fixture.js';
import { REALISTIC } from '../helpers/hostile.js';

const ID = 'ai@2026-08-12';

/** A store serving ai@2026-08-12 whose catalogue records `fr` at `status` (no record at all: `undefined`). */
function storeWith(status: (typeof REVIEW_STATUSES)[number] | undefined) {
  const all = JSON.parse(VERSION_INDEX) as VersionIndex;
  const review = status && {
    source_locale: 'en',
    locales: [{ locale: 'fr', status, updated_at: '2026-11-01', summary: 'A test record.' }],
    flags: [],
  };
  const translations = { ...all.translations };
  if (review) translations[ID] = review;
  else delete translations[ID];
  return createEmbeddedStore({ [ID]: BUNDLES[ID]! }, JSON.stringify({ ...all, translations }));
}

async function page(status: (typeof REVIEW_STATUSES)[number] | undefined, locale: string): Promise<string> {
  const s = surfacesOver(storeWith(status));
  const result = await s.tool('render_datachain', { version: ID, datachain: REALISTIC, locale });
  const uri = result.content.find((c: { type: string }) => c.type === 'resource_link').uri;
  return (await s.rpc('resources/read', { uri })).result.contents[0].text as string;
}

describe("a page says when its locale's wording has no fluent speaker's review on record", () => {
  const note = labelsFor('fr', 'ai').reviewNote;

  it('says it in French for every status short of a human review, and for a release with no record', async () => {
    for (const status of [undefined, 'unverified', 'machine_draft', 'machine_reviewed'] as const)
      expect(await page(status, 'fr'), String(status)).toContain(note);
  });

  it('says nothing once a human review is recorded, nor on a page in the source locale', async () => {
    expect(await page('human_reviewed', 'fr')).not.toContain(note);
    expect(await page(undefined, 'en')).not.toContain(labelsFor('en', 'ai').reviewNote);
  });
});
