import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import library from '../fixtures/datachains/library-2026-05-06-beta.json';
import { API, postJson } from './helpers.js';

/**
 * Datachains published for the public DTPR API pin the release they were written for. Each one
 * here goes through the whole chain on its own release: validate, resolve, validate the resolved
 * form, render the page and the sign.
 */
const LINK = 'https://library.harbourview.example/ai/assistant';
const RISKS = new Set(['psychological_harm', 'civil_liberties_harm']);

/** The library datachain as an author of ai@2026-04-16-beta wrote it: risks as risk + mitigation. */
function forApril(): any {
  const dc = structuredClone(library) as any;
  dc.schema_version = 'ai@2026-04-16-beta';
  for (const p of dc.elements) {
    if (!RISKS.has(p.element_id)) continue;
    const risk = [
      { locale: 'en', value: 'Answers may be wrong or out of date.' },
      { locale: 'fr', value: 'Les réponses peuvent être fausses ou périmées.' },
    ];
    p.variables = [{ id: 'risk', value: risk }, ...p.variables];
  }
  return dc;
}

const PINNED: ReadonlyArray<readonly [string, () => any]> = [
  ['ai@2026-05-06-beta', () => structuredClone(library)],
  ['ai@2026-04-16-beta', forApril],
];

describe.each(PINNED)('a datachain pinned to %s', (version, datachain) => {
  const at = (op: string) => `${API}/schemas/${version}/${op}`;

  it('validates, resolves, and its resolved form validates', async () => {
    const valid = await postJson(at('validate'), datachain());
    expect(valid.json).toMatchObject({ ok: true, meta: { version } });
    const resolved = await postJson(at('resolve'), datachain());
    expect(resolved.json.ok).toBe(true);
    expect(resolved.json.data.schema_snapshot.categories.map((c: any) => c.id)).toContain('risks_mitigation');
    const again = await postJson(at('validate_resolved'), resolved.json.data);
    expect(again.json).toMatchObject({ ok: true, meta: { version } });
  });

  it('renders as a page and as a sign', async () => {
    const page = await postJson(at('render'), datachain());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Harbourview Public Library');
    expect(page.text).toContain('staff review a sample of conversations');
    const sign = await postJson(`${at('render')}?format=sign&locale=fr&link=${encodeURIComponent(LINK)}`, datachain());
    expect(sign.status).toBe(200);
    expect(sign.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(XMLValidator.validate(sign.text)).toBe(true);
    expect(sign.text).toContain(LINK);
  });
});

describe('ai@2026-05-06-beta risks', () => {
  const V0506 = 'ai@2026-05-06-beta';

  it('require mitigation, with a hint that validates as written', async () => {
    const dc = structuredClone(library) as any;
    dc.elements[5].variables = [];
    const r = await postJson(`${API}/schemas/${V0506}/validate`, dc);
    expect(r.json.errors).toEqual([
      expect.objectContaining({
        code: 'required_variable_missing',
        path: 'elements[5].variables',
        fix_hint: expect.stringMatching(/^Add \{"id":"mitigation","value":\[\{"locale":"en","value":"\.\.\."\}\]\}/),
      }),
    ]);
  });

  it('take specific_harms, which offers no option yet: a value names the way out', async () => {
    const dc = structuredClone(library) as any;
    dc.elements[5].variables.push({ id: 'specific_harms', value: ['misinformation'] });
    const r = await postJson(`${API}/schemas/${V0506}/validate`, dc);
    expect(r.json.errors).toEqual([
      expect.objectContaining({
        code: 'variable_option_unknown',
        path: 'elements[5].variables[1].value[0]',
        fix_hint:
          "Variable 'specific_harms' offers no option for 'psychological_harm' in this version; remove elements[5].variables[1].",
      }),
    ]);
  });

  it('do not take the April risk variable', async () => {
    const r = await postJson(`${API}/schemas/${V0506}/validate`, { ...forApril(), schema_version: V0506 });
    expect(r.json.errors.map((e: any) => [e.code, e.path])).toEqual([
      ['variable_unknown', 'elements[5].variables[0].id'],
      ['variable_unknown', 'elements[6].variables[0].id'],
    ]);
  });
});
