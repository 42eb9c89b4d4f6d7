import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../src/core/projection.js';
import { getPrompt, LOCALES, promptTexts, releaseOf } from '../helpers/prompts.js';

const CAMERA =
  'Ceiling cameras and infrared sensors at a station count passengers, open the fare gates and show on screens how crowded each platform is.';
const MAX_INSTRUCTION_BYTES = 8 * 1024;
const bytes = (s: string) => new TextEncoder().encode(s).byteLength;
/** The releases with what captures data, action verbs and how results reach people: the last ai@ one and the first dtpr@ one. */
const FLOW_RELEASES = ['ai@2026-08-24-beta', 'dtpr@2026-09-01-beta'] as const;
const cases = FLOW_RELEASES.flatMap((version) => LOCALES.map((locale) => ({ version, locale })));
const HEAD = { en: 'How this release is built:', fr: 'Structure de cette version :' };

async function instructions(name: string, args: Record<string, string>): Promise<string> {
  const [text] = promptTexts(await getPrompt(name, { system_description: CAMERA, ...args }));
  return text!;
}

describe('draft_datachain for a camera or a sensor on the newest releases', () => {
  it.each(cases)(
    'names the data flow, where devices and effects go, and the action verbs ($version, $locale)',
    async ({ version, locale }) => {
      const release = releaseOf(version);
      const text = await instructions('draft_datachain', { version, locale });
      const notes = text.slice(text.indexOf(HEAD[locale]));
      expect(text).toContain(HEAD[locale]);
      // What the type explains comes from the release: for dtpr, cameras and sensors as well as AI systems.
      expect(text).toContain(pickLocale(release.bundle.datachain_type.description, locale));
      // The subchain, in the release's order, and how to place one.
      const flow = release.bundle.datachain_type.subchains.find((s) => s.id === 'data_flow')!;
      expect(flow.categories).toEqual(['collection', 'input_dataset', 'processing', 'output_dataset', 'manifestation']);
      expect(notes).toContain(flow.categories.join(' > '));
      // Named once: the release facts leave the subchains to these notes.
      expect(text).not.toContain(locale === 'en' ? 'Subchains (categories' : 'Sous-chaînes (catégories');
      expect(notes).toContain('{"id":"flow-1","subchain_id":"data_flow"}');
      expect(notes).toContain('"subchain_instance_id":"flow-1"');
      // Devices first, then how results reach people, each under its category's id and name.
      for (const id of ['collection', 'manifestation']) {
        const name = pickLocale(release.categoryById.get(id)!.name, locale);
        expect(notes).toMatch(new RegExp(`^- ${id} ?: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`, 'm'));
      }
      expect(notes).toContain(
        locale === 'en' ? 'For a camera or a sensor, start here' : 'Pour une caméra ou un capteur',
      );
      // The ten verbs of action, read from the release, instead of functional modes.
      const verbs = (release.elementsByCategory.get('action') ?? []).map((e) => e.id);
      expect(verbs).toHaveLength(10);
      expect(notes).toContain(verbs.join(', '));
      expect(notes).toContain(locale === 'en' ? 'not with functional modes' : 'non avec des modes de fonctionnement');
      expect(notes).toContain('autonomy');
      expect(text).not.toMatch(/^\d+\. functional_modes/m);
      expect(bytes(text)).toBeLessThan(MAX_INSTRUCTION_BYTES);
    },
  );

  it.each(LOCALES)('on a release without those categories, gives only its subchain (%s)', async (locale) => {
    const release = releaseOf('ai@2026-08-12');
    const text = await instructions('draft_datachain', { version: 'ai@2026-08-12', locale });
    const notes = text.slice(text.indexOf(HEAD[locale]));
    expect(notes).toContain('input_dataset > processing > output_dataset');
    for (const id of ['collection', 'manifestation', 'action'])
      expect(notes).not.toMatch(new RegExp(`^- ${id} ?:`, 'm'));
    expect(text).toMatch(/^\d+\. functional_modes ?:/m);
    expect(text).toContain(pickLocale(release.bundle.datachain_type.description, locale));
  });
});

describe('choose_elements on the newest releases', () => {
  it.each(cases)('adds the notes of the chosen category only ($version, $locale)', async ({ version, locale }) => {
    const collection = await instructions('choose_elements', { version, locale, category_id: 'collection' });
    expect(collection).toContain(HEAD[locale]);
    expect(collection).toContain('collection > input_dataset > processing > output_dataset > manifestation');
    expect(collection).toMatch(/^- collection ?: /m);
    expect(collection).not.toMatch(/^- manifestation ?: /m);
    const action = await instructions('choose_elements', { version, locale, category_id: 'action' });
    expect(action).toMatch(/^- action ?: .*acts, answers, creates, decides/m);
    expect(action).not.toContain('"subchain_id":"data_flow"');
    const purpose = await instructions('choose_elements', { version, locale, category_id: 'purpose' });
    expect(purpose).not.toContain(HEAD[locale]);
    for (const text of [collection, action, purpose]) expect(bytes(text)).toBeLessThan(MAX_INSTRUCTION_BYTES);
  });
});
