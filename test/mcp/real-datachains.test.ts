import { describe, expect, it } from 'vitest';
import cbsa from '../fixtures/datachains/real/cbsa-tci.json';
import nyc from '../fixtures/datachains/real/nyc-myschools-match.json';
import { applyHint } from '../helpers/apply-hint.js';
import { call } from '../helpers/tools.js';

/**
 * The datachains others have published (both pin ai@2026-05-06-beta), taken as their authors wrote
 * them: each validates where it was written, and moves to the newest releases with the author's
 * inputs applied as the hints write them, then validates and renders there.
 */
const REAL: Array<[string, Record<string, unknown>]> = [
  ['nyc-myschools-match', nyc],
  ['cbsa-tci', cbsa],
];
const TARGETS = ['ai@2026-08-12', 'ai@2026-08-24-beta', 'dtpr@2026-09-01-beta'];

async function errorsOf(version: string, datachain: unknown) {
  const { env } = await call('validate_datachain', { version, datachain });
  return env.ok ? [] : env.errors;
}

describe.each(REAL)('the published datachain %s', (_, datachain) => {
  it('validates against the release it pins', async () => {
    expect(await errorsOf(String(datachain.schema_version), datachain)).toEqual([]);
  });

  it.each(TARGETS)(
    'migrates to %s: with the hints applied as written it validates and renders as a page and a sign',
    async (to) => {
      const { env } = await call('migrate_datachain', { version: to, datachain });
      expect(env.ok).toBe(true);
      const migrated = structuredClone(env.data.datachain);
      for (const c of env.data.changes.filter((c: any) => c.needs_input && c.fix_hint))
        applyHint(migrated, c.fix_hint!);
      expect(await errorsOf(to, migrated)).toEqual([]);
      for (const format of ['page', 'sign']) {
        const link = 'https://example.org/disclosures/real';
        const rendered = await call('render_datachain', { version: to, datachain: migrated, format, link });
        expect(rendered.env.ok, `${format}: ${JSON.stringify(rendered.env.errors)}`).toBe(true);
      }
    },
  );
});

describe.each(['ai@2026-08-24-beta', 'dtpr@2026-09-01-beta'])(
  'from the functional modes to the action verbs (%s)',
  (target) => {
    it.each(REAL)(
      '%s: each mode becomes the verb that draws its symbol, and the author is asked to check',
      async (_, datachain) => {
        const { env } = await call('migrate_datachain', { version: target, datachain });
        const renamed = env.data.changes.filter((c: any) => c.kind === 'element_renamed');
        expect(renamed.map((c: any) => c.previous)).toEqual(['analytical_mode']);
        expect(renamed[0]).toMatchObject({ needs_input: true });
        expect(renamed[0]?.fix_hint).toMatch(
          /^Check that it says what the system does: keep it \(Set elements\[\d+\]\.element_id to "predicts"\)/,
        );
        const placed = env.data.datachain.elements.map((p: any) => p.element_id);
        expect(placed).toContain('predicts');
        expect(placed.some((id: string) => id.endsWith('_mode'))).toBe(false);
      },
    );

    it('the autonomy value human_executes is human_oversees now (nyc-myschools-match)', async () => {
      const { env } = await call('migrate_datachain', { version: target, datachain: nyc });
      const change = env.data.changes.find((c: any) => c.kind === 'context_value_renamed');
      // The target's facts put the value in the old one's place; its wording differs, so the author confirms it.
      expect(change).toMatchObject({ previous: 'human_executes', needs_input: true });
      expect(change?.fix_hint).toMatch(
        /^Check that it says what the system does: keep it \(Set elements\[\d+\]\.context_type_id to "human_oversees"\)/,
      );
      const verb = env.data.datachain.elements.find((p: any) => p.element_id === 'predicts');
      expect(verb.context_type_id).toBe('human_oversees');
    });
  },
);
