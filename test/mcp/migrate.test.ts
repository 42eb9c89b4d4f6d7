import { describe, expect, it } from 'vitest';
import library from '../fixtures/datachains/library-2026-05-06-beta.json';
import realistic from '../e2e/fixtures/realistic-15.json';
import scripts from '../e2e/fixtures/transit-station-dtpr-scripts.json';
import { applyHint } from '../helpers/apply-hint.js';
import { VERSION_IDS } from '../helpers/releases.js';
import { call } from '../helpers/tools.js';

const OLD = 'ai@2026-05-06-beta';
const STABLE = 'ai@2026-08-12';

async function migrate(args: Record<string, unknown>) {
  const { env } = await call('migrate_datachain', args);
  expect(env.ok).toBe(true);
  return env.data;
}

/** What an author does with the answer: every needs_input hint that suggests JSON, pasted as written. */
function withAuthorInputs(data: any): any {
  const dc = structuredClone(data.datachain);
  for (const c of data.changes.filter((c: any) => c.needs_input && c.fix_hint)) applyHint(dc, c.fix_hint);
  return dc;
}

async function validates(version: string, datachain: unknown): Promise<any[]> {
  const { env } = await call('validate_datachain', { version, datachain });
  return env.ok ? [] : env.errors;
}

describe('migrate_datachain', () => {
  it(`${OLD} to ${STABLE}: the new required category "affected" needs the author, and the result with the inputs validates`, async () => {
    const data = await migrate({ version: STABLE, datachain: library });
    expect(data).toMatchObject({ from: OLD, to: STABLE, valid: false });
    expect(data.datachain.schema_version).toBe(STABLE);
    const affected = data.changes.find((c: any) => c.kind === 'category_added' && c.message.includes("'affected'"));
    expect(affected).toMatchObject({ path: 'elements', needs_input: true });
    expect(affected?.fix_hint).toContain('"element_id":"people"');
    // risks: 'mitigation' is now optional and 'risk' new and required: a split the author finishes.
    const splits = data.changes.filter((c: any) => c.kind === 'variable_split');
    expect(splits).toHaveLength(2);
    expect(splits[0]).toMatchObject({ path: 'elements[5].variables', needs_input: true });
    expect(splits[0]?.fix_hint).toMatch(
      /^Add \{"id":"risk","value":\[\{"locale":"en","value":"\.\.\."\}\]\} to elements\[5\]\.variables/,
    );
    expect(data.needs_input).toBe(3);
    expect(await validates(STABLE, withAuthorInputs(data))).toEqual([]);
    // The default target is ai@latest.
    expect((await migrate({ datachain: library })).to).toBe(STABLE);
  });

  it('keeps every text the author wrote that the target still takes', async () => {
    const data = await migrate({ version: STABLE, datachain: library });
    const mitigation = (dc: any, i: number) => dc.elements[i].variables.find((v: any) => v.id === 'mitigation');
    expect(mitigation(data.datachain, 5)).toEqual(mitigation(library, 5));
    expect(data.datachain.authoring_provenance).toEqual(library.authoring_provenance);
  });

  it('to an older release: elements the target lacks are removed and kept in the change', async () => {
    const data = await migrate({ version: OLD, datachain: realistic });
    const removed = data.changes.find((c: any) => c.kind === 'element_removed');
    expect(removed).toMatchObject({ path: 'elements[4]', needs_input: true, previous: { element_id: 'people' } });
    expect(data.datachain.elements.some((p: any) => p.element_id === 'people')).toBe(false);
    const risk = data.changes.find((c: any) => c.kind === 'variable_removed');
    expect(risk).toMatchObject({ previous: { id: 'risk' }, needs_input: false });
    expect(await validates(OLD, withAuthorInputs(data))).toEqual([]);
  });

  it('renames nothing and asks for a required variable the source left out (2026-04-16-beta to 2026-05-06-beta)', async () => {
    const dc = {
      schema_version: 'ai@2026-04-16-beta',
      elements: [
        { element_id: 'financial_harm', variables: [{ id: 'risk', value: [{ locale: 'en', value: 'Fees.' }] }] },
      ],
    };
    const data = await migrate({ version: OLD, datachain: dc });
    expect(data.changes.map((c: any) => c.kind)).toEqual(
      expect.arrayContaining(['variable_removed', 'variable_made_required']),
    );
    const migrated = withAuthorInputs(data);
    expect(migrated.elements[0].variables).toEqual([{ id: 'mitigation', value: [{ locale: 'en', value: '...' }] }]);
  });

  it.each(VERSION_IDS.flatMap((from) => VERSION_IDS.map((to) => [from, to] as const)))(
    'from %s to %s: the migrated datachain plus the author inputs validates',
    async (from, to) => {
      // A valid datachain of `from`, made by migrating a known-valid one there first.
      const start = await migrate({ version: from, datachain: realistic });
      const source = withAuthorInputs(start);
      expect(await validates(from, source)).toEqual([]);
      const data = await migrate({ version: to, datachain: source });
      expect(await validates(to, withAuthorInputs(data))).toEqual([]);
      if (from === to) expect(data.changes).toEqual([]);
    },
  );

  it('a context value neither release has (a misspelling) is removed, said so with the value, and its hint makes the datachain valid', async () => {
    const datachain = structuredClone(realistic) as any;
    datachain.elements[5].context_type_id = 'autonomus';
    const data = await migrate({ version: 'ai@2026-08-12-beta', datachain });
    expect(data.changes).toContainEqual(
      expect.objectContaining({
        kind: 'context_values_changed',
        path: 'elements[5].context_type_id',
        previous: 'autonomus',
        needs_input: true,
      }),
    );
    expect(data.datachain.elements[5].context_type_id).toBeUndefined();
    expect(data.needs_input).toBe(1);
    expect(await validates('ai@2026-08-12-beta', withAuthorInputs(data))).toEqual([]);
  });

  it('a required variable the source left out is asked for as required before, not as newly required', async () => {
    const datachain = structuredClone(realistic) as any;
    datachain.elements[2].variables = datachain.elements[2].variables.filter((v: any) => v.id !== 'title');
    const data = await migrate({ version: 'ai@2026-08-12-beta', datachain });
    const asked = data.changes.find((c: any) => c.kind === 'variable_made_required');
    expect(asked).toMatchObject({ path: 'elements[2].variables', needs_input: true });
    expect(asked?.message).toBe(
      "'title' is required, as it was in the datachain's release, and the placement does not set it.",
    );
  });

  it("an alias as the datachain's schema_version is told the id it names today", async () => {
    const datachain = { ...realistic, schema_version: 'ai@latest' };
    const { env } = await call('migrate_datachain', { version: 'ai@2026-08-12-beta', datachain });
    expect(env.errors[0]).toMatchObject({ path: 'schema_version' });
    expect(env.errors[0]?.message).toContain("'ai@latest' is an alias");
    expect(env.errors[0]?.fix_hint).toBe(
      "Set schema_version to the id of the release the datachain was written for ('ai@latest' names 'ai@2026-08-12' today).",
    );
  });

  it('needs the source version: from, or the datachain schema_version', async () => {
    const { env } = await call('migrate_datachain', { version: STABLE, datachain: { elements: [] } }, true);
    expect(env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'from' });
    expect(env.errors[0]?.fix_hint).toContain('"from"');
    const unknown = await call(
      'migrate_datachain',
      { version: STABLE, datachain: { schema_version: 'ai@2020-01-01', elements: [] } },
      true,
    );
    expect(unknown.env.errors[0]).toMatchObject({ code: 'unknown_version', path: 'datachain.schema_version' });
    const data = await migrate({ version: STABLE, from: OLD, datachain: { elements: [] } });
    // Only what the migration changed is listed: categories required on both sides were already missing.
    expect(data.changes.filter((c: any) => c.needs_input).map((c: any) => c.kind)).toEqual(['category_added']);
  });

  it('warns when "from" contradicts the datachain\'s schema_version, and of keys the datachain should not have', async () => {
    const datachain = { ...realistic, schema_version: STABLE, colour: 'red' };
    const { env } = await call('migrate_datachain', { version: STABLE, from: 'ai@2026-04-16-beta', datachain });
    expect(env.ok).toBe(true);
    expect((env.data as any).from).toBe('ai@2026-04-16-beta');
    const warnings = env.meta.warnings ?? [];
    expect(warnings).toContainEqual(
      expect.stringMatching(/^schema_version_mismatch: .*'ai@2026-08-12'.*ai@2026-04-16-beta/),
    );
    expect(warnings).toContainEqual(expect.stringMatching(/^unknown_key: .*'colour'/));
    const agreeing = await call('migrate_datachain', { version: STABLE, from: 'ai@latest', datachain: realistic });
    expect(agreeing.env.meta.warnings ?? []).toEqual([]);
  });

  it('answers a resolved datachain thin: its snapshot removed, its suggestions kept in the change, valid only when it is', async () => {
    const resolved = await call('resolve_datachain', { version: STABLE, datachain: realistic });
    expect(resolved.env.ok).toBe(true);
    const suggestion = { id: 'kiosk_camera', category_id: 'inputs', title: [{ locale: 'en', value: 'Kiosk camera' }] };
    const base = resolved.env.data as any;
    const placedAt = base.elements.length;
    const datachain = {
      ...base,
      elements: [...base.elements, { element_id: 'kiosk_camera' }],
      suggested_elements: [suggestion],
    };
    const { env } = await call('migrate_datachain', { version: OLD, datachain });
    expect(env.ok, JSON.stringify(env.errors)).toBe(true);
    const data = env.data as any;
    expect(data.datachain).not.toHaveProperty('schema_snapshot');
    expect(data.datachain).not.toHaveProperty('suggested_elements');
    const removed = data.changes.filter((c: any) => c.kind === 'resolved_part_removed');
    expect(removed.map((c: any) => [c.path, c.needs_input])).toEqual([
      ['schema_snapshot', false],
      ['suggested_elements', true],
      [`elements[${placedAt}]`, true],
    ]);
    expect(removed[1].previous).toEqual([suggestion]);
    // A placement of a suggestion goes with it: a thin datachain places only the release's elements.
    expect(removed[2].previous).toEqual({ element_id: 'kiosk_camera' });
    expect(data.datachain.elements.map((p: any) => p.element_id)).not.toContain('kiosk_camera');
    expect(removed[0].fix_hint).toContain(`resolve_datachain with version '${OLD}'`);
    // Neither part is reported as ignored: each was removed, and its change says so.
    expect((env.meta.warnings ?? []).filter((w: string) => /schema_snapshot|suggested_elements/.test(w))).toEqual([]);
    // What the answer calls valid validates as it is.
    expect(data.valid).toBe((await validates(OLD, data.datachain)).length === 0);
    // A removal's path is where the placement was sent, with a removed suggestion placed before it.
    const first = await call('migrate_datachain', {
      version: OLD,
      datachain: { ...datachain, elements: [{ element_id: 'kiosk_camera' }, ...base.elements] },
    });
    const firstChanges = (first.env.data as any).changes;
    expect(
      firstChanges.find((c: any) => c.kind === 'resolved_part_removed' && c.path.startsWith('elements'))?.path,
    ).toBe('elements[0]');
    expect(firstChanges.find((c: any) => c.kind === 'element_removed')).toMatchObject({
      path: 'elements[5]',
      previous: { element_id: 'people' },
    });
    // Migrated to the release it was resolved against, the same holds.
    const same = await call('migrate_datachain', { version: STABLE, datachain });
    const sameData = same.env.data as any;
    expect(sameData.changes.filter((c: any) => c.kind === 'resolved_part_removed')).toHaveLength(3);
    expect(sameData.valid).toBe(true);
    const thin = await call('migrate_datachain', { version: OLD, datachain: realistic });
    expect((thin.env.data as any).changes.filter((c: any) => c.kind === 'resolved_part_removed')).toEqual([]);
  });

  it("removes the variables' texts in locales the target does not carry, keeping them in the change; a text left empty needs the author", async () => {
    const dc = structuredClone(scripts) as any;
    // One text written only in Khmer: nothing of it is left in an ai release.
    dc.elements[0].variables = [{ id: 'additional_description', value: [{ locale: 'km', value: 'អត្ថបទ' }] }];
    const { env } = await call('migrate_datachain', { version: STABLE, datachain: dc });
    const data = env.data as any;
    const values = JSON.stringify(data.datachain.elements.map((p: any) => p.variables));
    for (const locale of ['km', 'zh-Hans']) expect(values).not.toContain(`"locale":"${locale}"`);
    // The datachain's own texts keep theirs: another locale there is a warning, shown as a fallback.
    expect(data.datachain.title.map((t: any) => t.locale)).toEqual(scripts.title.map((t: any) => t.locale));
    // ... which the answer gives, as validate_datachain would of the result.
    expect(env.meta.warnings).toContainEqual(expect.stringMatching(/^localized_text_issue: .*km/));
    const removed = data.changes.filter((c: any) => c.kind === 'locale_removed');
    expect(removed.length).toBeGreaterThan(1);
    for (const c of removed) expect(c.path).toMatch(/^elements\[\d+\]\.variables\[\d+\]\.value$/);
    const emptied = removed.find((c: any) => c.previous.some((t: any) => t.value === 'អត្ថបទ'));
    expect(emptied).toMatchObject({
      needs_input: true,
      message: `Texts in km were removed: ${STABLE} carries en, fr.`,
      fix_hint: `Set ${emptied?.path} to [{"locale":"en","value":"..."}] (replace each "..." with your text), in one of en, fr.`,
    });
    // No error about a locale is left once the author answers what needs them.
    const errors = await validates(STABLE, withAuthorInputs(data));
    expect(errors.filter((e) => /locale/i.test(e.message))).toEqual([]);
  });

  it('answers a malformed datachain softly, with paths', async () => {
    const { env } = await call('migrate_datachain', {
      version: STABLE,
      datachain: { schema_version: OLD, elements: 'x' },
    });
    expect(env.ok).toBe(false);
    expect(env.errors[0]).toMatchObject({ code: 'parse_error', path: 'elements' });
  });
});
