import { beforeAll, describe, expect, it } from 'vitest';
import { DTPR_FIXTURE_ID, storeWithDtpr, surfacesOver } from '../helpers/dtpr-fixture.js';
import { callTool } from '../helpers/http.js';
import { VERSION_IDS } from '../helpers/releases.js';

/** `get_translation_status` and `GET /api/v2/schemas/{version}/translations`. */
describe('translation status', () => {
  let s: ReturnType<typeof surfacesOver>;
  beforeAll(async () => {
    s = surfacesOver(await storeWithDtpr());
  });
  const status = async (args: Record<string, unknown>) =>
    (await s.tool('get_translation_status', args)).structuredContent;

  /** The machine drafts of dtpr@2026-09-01-beta, in the release's order. */
  const DTPR_DRAFTS = ['es', 'pt', 'nl', 'de', 'vi', 'fil', 'zh-Hans', 'zh-Hant', 'km'];

  it('answers for every shipped release: the source, then each locale it carries with its recorded review', async () => {
    for (const version of VERSION_IDS) {
      const answer = (await callTool('get_translation_status', { version })).structuredContent;
      expect(answer.ok).toBe(true);
      expect(answer.meta).toMatchObject({ version });
      expect(answer.meta.content_hash).toMatch(/^sha256-/);
      const { data } = answer;
      expect(data.source_locale).toBe('en');
      const drafts = version.startsWith('dtpr@') ? DTPR_DRAFTS.map((l) => [l, 'machine_draft']) : [];
      expect(data.locales.map((l: any) => [l.locale, l.status])).toEqual([
        ['en', 'source'],
        ['fr', 'unverified'],
        ...drafts,
      ]);
      expect(data.locales[0]).toEqual({
        locale: 'en',
        status: 'source',
        updated_at: null,
        summary: '',
        written_by: 'project maintainers',
        flag_counts: { open: 0, resolved: 0, wontfix: 0 },
      });
      // The French "about" titles were corrected in every beta; the stable release keeps its published words (decision 035).
      const open = version === 'ai@2026-08-12' ? 1 : 0;
      expect(data.locales[1]).toMatchObject({
        translated_by: 'project maintainers',
        flag_counts: { open, resolved: 1 - open },
      });
      expect(data.locales[1].reviewed_by).toBeUndefined();
      expect(data.flags.filter((f: any) => f.locale === 'fr').map((f: any) => f.id)).toEqual(
        open ? ['fr-about-titles'] : [],
      );
      const all = (await callTool('get_translation_status', { version, flag_status: 'all' })).structuredContent.data;
      expect(all.flags[0].targets).toContainEqual({ type: 'element', id: 'input_about_a_place', field: 'title' });
    }
  });

  it('answers a release without review metadata as the contract says: every other locale unverified, no flags', async () => {
    const { data } = await status({ version: 'dtpr@latest-beta' });
    expect(data).toEqual({
      version: DTPR_FIXTURE_ID,
      source_locale: 'en',
      locales: [
        {
          locale: 'en',
          status: 'source',
          updated_at: null,
          summary: '',
          flag_counts: { open: 0, resolved: 0, wontfix: 0 },
        },
        {
          locale: 'fr',
          status: 'unverified',
          updated_at: null,
          summary: '',
          flag_counts: { open: 0, resolved: 0, wontfix: 0 },
        },
      ],
      flags: [],
    });
  });

  it('filters locales and flags by status; flag_counts count all', async () => {
    const fr = await status({ version: 'ai@latest', locales: ['fr'], flag_status: 'resolved' });
    expect(fr.data.locales.map((l: any) => l.locale)).toEqual(['fr']);
    expect(fr.data.locales[0].flag_counts.open).toBe(1);
    expect(fr.data.flags).toEqual([]);
    const en = await status({ version: 'ai@latest', locales: ['en'], flag_status: 'all' });
    expect(en.data.flags).toEqual([]);
  });

  it('refuses bad arguments with a clear error', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ version: 'ai@2099-01-01' }, 'unknown_version', 'version'],
      [{ version: 'nope' }, 'bad_request', 'version'],
      [{ version: 'ai@latest', flag_status: 'closed' }, 'invalid_arguments', 'flag_status'],
      [{ version: 'ai@latest', locales: ['tl'] }, 'invalid_arguments', 'locales[0]'],
    ];
    for (const [args, code, path] of cases) {
      const answer = await s.tool('get_translation_status', args);
      expect(answer.isError).toBe(true);
      expect(answer.structuredContent.errors[0]).toMatchObject({ code, path });
      expect(answer.structuredContent.errors[0].fix_hint).toBeTruthy();
    }
  });

  it('answers on the 2026-07-28 era too', async () => {
    const answer = await s.modernTool('get_translation_status', { version: DTPR_FIXTURE_ID });
    expect(answer.structuredContent.ok).toBe(true);
  });

  it('REST: the envelope with DTPR-Content-Hash; a short public cache for stable, no-store for beta; 400 and 404', async () => {
    const stable = await s.get('/api/v2/schemas/ai@2026-08-12/translations?locales=fr&flag_status=all');
    expect(stable.status).toBe(200);
    expect(stable.headers.get('cache-control')).toBe('public, max-age=300');
    expect(stable.headers.get('dtpr-content-hash')).toMatch(/^sha256-/);
    const body = (await stable.json()) as any;
    expect(body.ok).toBe(true);
    expect(body.data.locales.map((l: any) => l.locale)).toEqual(['fr']);
    expect(body.data.flags).toHaveLength(1);
    const beta = await s.get(`/api/v2/schemas/${DTPR_FIXTURE_ID}/translations`);
    expect(beta.headers.get('cache-control')).toBe('no-store');
    expect((await s.get('/api/v2/schemas/nope/translations')).status).toBe(400);
    expect((await s.get('/api/v2/schemas/ai@latest/translations?flag_status=x')).status).toBe(400);
    expect((await s.get('/api/v2/schemas/ai@2099-01-01/translations')).status).toBe(404);
    expect((await s.get('/api/v2/schemas/ai@latest/translations?nope=1')).status).toBe(400);
  });
});
