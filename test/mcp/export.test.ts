import { describe, expect, it } from 'vitest';
import realistic from '../e2e/fixtures/realistic-15.json';
import transit from '../e2e/fixtures/transit-station.json';
import transitDtpr from '../e2e/fixtures/transit-station-dtpr.json';
import cbsa from '../fixtures/datachains/real/cbsa-tci.json';
import nyc from '../fixtures/datachains/real/nyc-myschools-match.json';
import dpvTerms from '../fixtures/registers/dpv-terms.json';
import eurocities from '../fixtures/registers/eurocities-0.3.1.schema.json';
import nl from '../fixtures/registers/nl-algoritmeregister-1.0.schema.json';
import uk from '../fixtures/registers/uk-atrs.schema.json';
import { suggestedElement, suggestedPlacement } from '../fixtures/datachains/base.js';
import { postJson } from '../rest/helpers.js';
import { complete, expectInvalid, getPrompt, promptTexts } from '../helpers/prompts.js';
import { schemaErrors } from '../helpers/schema.js';
import { call, toolDescriptors } from '../helpers/tools.js';

/**
 * Every fixture exported to every register: without options the coverage names what fills each
 * missing field; with the options it asks for, the record validates against the register's own
 * definition (written from the published facts under test/fixtures/registers). DPV records use
 * only terms listed in the vocabularies.
 */
const FIXTURES: Array<[string, Record<string, unknown>]> = [
  ['realistic-15', realistic],
  ['transit-station', transit],
  ['transit-station-dtpr', transitDtpr],
  ['nyc-myschools-match', nyc],
  ['cbsa-tci', cbsa],
];
const SCHEMAS: Record<string, object | undefined> = {
  'nl-algoritmeregister-1.0': nl,
  'eurocities-0.3.1': eurocities,
  'uk-atrs': uk,
  'dpv-jsonld': undefined,
};
const OPTION_KEY: Record<string, string> = {
  'nl-algoritmeregister-1.0': 'nl',
  'eurocities-0.3.1': 'eurocities',
  'uk-atrs': 'uk_atrs',
  'dpv-jsonld': 'dpv',
};

type Json = Record<string, any>;

/** A value the option's own JSON Schema allows, as an author would give it. */
function sampleFor(schema: Json): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return [sampleFor(schema.items)];
  if (schema.type === 'object')
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleFor(v as Json)]));
  if (schema.format === 'email') return 'register@example.org';
  if (schema.format === 'date-time') return '2026-09-01T00:00:00Z';
  const pattern = String(schema.pattern ?? '');
  if (pattern.includes('https?')) return 'https://example.org/register';
  if (pattern.startsWith('^\\d{4}-(0[1-9]|1[0-2])$')) return '2026-09';
  if (pattern.startsWith('^\\d{4}-(0[1-9]|1[0-2])-')) return '2026-09-01';
  if (pattern.includes('[0-9a-fA-F]{8}')) return '123e4567-e89b-12d3-a456-426614174000';
  if (pattern.startsWith('^[A-Za-z][A-Za-z0-9+.-]*:')) return 'https://example.org/systems/1';
  return 'Tekst van de auteur';
}

/** The options the coverage asks for, each filled from the option's schema in the tool descriptor. */
async function optionsFor(format: string, coverage: Json[]): Promise<Json> {
  const input = (await toolDescriptors()).get('export_datachain')!.inputSchema as Json;
  const key = OPTION_KEY[format]!;
  const schema = input.properties.options.properties[key];
  const out: Json = {};
  for (const c of coverage.filter((c) => c.status === 'needs_input')) {
    const name = String(c.fill.option).slice(`options.${key}.`.length);
    const [head, tail] = name.split('.');
    if (tail) (out[head!] ??= {})[tail] = sampleFor(schema.properties[head!].properties[tail]);
    else out[name] = sampleFor(schema.properties[name]);
  }
  return { [key]: out };
}

/** Every IRI a JSON-LD record names, expanded through its @context. */
function iris(record: Json): string[] {
  const context = record['@context'] as Record<string, string>;
  const expand = (term: string) => {
    const [prefix, local] = term.split(':') as [string, string];
    return context[prefix] ? `${context[prefix]}${local}` : term;
  };
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '@context' || k === '@value' || k === '@language') continue;
      if (
        k === '@id' &&
        typeof v === 'string' &&
        !String(v).startsWith('urn:') &&
        !String(v).startsWith('https://example')
      )
        out.push(expand(v));
      else if (k === '@type') for (const t of [v].flat()) out.push(expand(String(t)));
      else if (!k.startsWith('@')) out.push(expand(k));
      walk(v);
    }
  };
  walk(record);
  return out;
}

const ALLOWED_IRIS = new Set(dpvTerms.terms.map((t) => t.iri));
const DCT = 'http://purl.org/dc/terms/';

describe.each(FIXTURES)('the fixture %s', (_, datachain) => {
  const version = String(datachain.schema_version);
  it.each(Object.keys(SCHEMAS))(
    'exports to %s: coverage names every fill; with the options it validates',
    async (format) => {
      const bare = await call('export_datachain', { version, format, datachain });
      expect(bare.env.ok, JSON.stringify(bare.env.errors)).toBe(true);
      const data = bare.env.data as Json;
      const schema = SCHEMAS[format] as Json | undefined;
      if (schema) {
        const fields = data.coverage.map((c: Json) => c.field.split('.')[0]);
        expect(new Set(fields)).toEqual(new Set(Object.keys(schema.properties)));
      }
      for (const c of data.coverage as Json[]) {
        if (c.status === 'needs_input') {
          expect(c.required).toBe(true);
          expect(c.fill.option ?? c.fill.datachain).toBeTruthy();
          expect(c.fix_hint).toContain(c.fill.option ?? '');
          expect(c.field in data.record).toBe(false);
        }
        if (c.status === 'datachain') expect(c.from.length).toBeGreaterThan(0);
      }
      expect(data.complete).toBe(data.summary.needs_input === 0);
      const options = await optionsFor(format, data.coverage);
      const full = await call('export_datachain', { version, format, datachain, options });
      expect(full.env.ok, JSON.stringify(full.env.errors)).toBe(true);
      const done = full.env.data as Json;
      expect(done.complete).toBe(true);
      if (schema) expect(schemaErrors(schema, done.record)).toEqual([]);
      else for (const iri of iris(done.record)) expect(ALLOWED_IRIS.has(iri) || iri.startsWith(DCT), iri).toBe(true);
    },
  );
});

describe('export_datachain', () => {
  const version = 'ai@2026-08-12';
  it("takes the Dutch register's texts in Dutch only and says so per field", async () => {
    const { env } = await call('export_datachain', {
      version,
      format: 'nl-algoritmeregister-1.0',
      datachain: realistic,
    });
    const name = (env.data as Json).coverage.find((c: Json) => c.field === 'name');
    expect(name).toMatchObject({ status: 'needs_input', untranslated: ['title'], fill: { option: 'options.nl.name' } });
    expect((env.data as Json).record.lang).toBe('nld');
  });

  it("fills the placeholders of element titles and words its own labels in the export's locale", async () => {
    const uk = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic });
    const record = (uk.env.data as Json).record;
    expect(record.data_access_and_storage).toContain('Retained for 2 years');
    expect(record.data_access_and_storage).not.toContain('(for 2 years)');
    expect(JSON.stringify(record)).not.toContain('{{');

    const fr = await call('export_datachain', {
      version,
      format: 'eurocities-0.3.1',
      datachain: realistic,
      locale: 'fr',
    });
    const text = JSON.stringify((fr.env.data as Json).record);
    expect(text).not.toContain('{{');
    expect(text).not.toContain('Mitigation');
    // The release's own label of a risk's mitigation, and the French space before the colon.
    expect(text).toContain("suivre des personnes. Mesure d'atténuation\u202f: Les images");
  });

  it("never gives the vendor's email or page as the register's contact", async () => {
    const dc = structuredClone(realistic) as Json;
    // The deployer keeps only its phone; the vendor has a sales address and a product page.
    dc.elements[2].actions = dc.elements[2].actions.filter((a: Json) => a.type === 'phone');
    dc.elements[3].actions = [
      { type: 'email', label: [{ locale: 'en', value: 'Sales' }], target: 'sales@northlight.example' },
      { type: 'url', label: [{ locale: 'en', value: 'Product' }], target: 'https://northlight.example/counter' },
    ];
    for (const format of ['uk-atrs', 'nl-algoritmeregister-1.0', 'eurocities-0.3.1']) {
      const { env } = await call('export_datachain', { version, format, datachain: dc });
      const data = env.data as Json;
      expect(JSON.stringify(data.record), format).not.toMatch(/northlight\.example/);
      const email = data.coverage.find((c: Json) => c.field === 'contact_email');
      expect(email, format).toMatchObject({ status: 'needs_input' });
    }
    // With the deployer's own address back, it is the one exported.
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic });
    expect((env.data as Json).record.contact_email).toBe('privacy@riverton.example.org');
  });

  it('UK ATRS pairs each risk text and mitigation with its risk, when one risk has no mitigation', async () => {
    const dc = structuredClone(realistic) as Json;
    const second = structuredClone(dc.elements[7]);
    second.element_id = 'psychological_harm';
    second.variables = second.variables.filter((v: Json) => v.id === 'risk');
    second.variables[0].value = [{ locale: 'en', value: 'Faces could be seen by staff.' }];
    dc.elements.splice(8, 0, second);
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: dc });
    expect(env.ok, JSON.stringify(env.errors)).toBe(true);
    const record = (env.data as Json).record;
    const [first, other] = record.risk_description.split('\n');
    const title = (t: string) => t.slice(0, t.indexOf(':'));
    expect(record.risk_name.split('; ')).toEqual([title(first), title(other)]);
    // The one mitigation names the risk it belongs to.
    expect(record.risk_mitigation.split('\n')).toHaveLength(1);
    expect(title(record.risk_mitigation)).toBe(title(first));
  });

  it('warns when the record takes release wording that is not reviewed, or that open review flags question', async () => {
    const nl = await call('export_datachain', {
      version: 'dtpr@2026-09-01-beta',
      format: 'nl-algoritmeregister-1.0',
      datachain: transitDtpr,
    });
    const flagged = (nl.env.data as Json).warnings.find((w: string) => w.startsWith('wording: '));
    expect(flagged).toMatch(/open review flags question the nl wording of /);
    expect(flagged).toContain('get_translation_status {"version":"dtpr@2026-09-01-beta","locales":["nl"]}');
    expect(nl.env.meta.warnings).toContain(flagged);
    // French in the ai release is recorded as not reviewed; English is the source.
    const fr = await call('export_datachain', {
      version,
      format: 'eurocities-0.3.1',
      datachain: realistic,
      locale: 'fr',
    });
    expect((fr.env.data as Json).warnings).toContainEqual(
      expect.stringMatching(/^wording: the release's fr wording, .* is not reviewed/),
    );
    const en = await call('export_datachain', { version, format: 'eurocities-0.3.1', datachain: realistic });
    expect((en.env.data as Json).warnings.filter((w: string) => w.startsWith('wording: '))).toEqual([]);
  });

  it('lists the placements no field of the register reads', async () => {
    const unused = async (format: string) => {
      const { env } = await call('export_datachain', { version, format, datachain: realistic });
      return (env.data as Json).unused as Json[];
    };
    // DPV has no term for where data is stored; the UK ATRS no field for who meets the system.
    expect(await unused('dpv-jsonld')).toEqual([{ path: 'elements[14]', element_id: 'stored_locally' }]);
    const uk = await unused('uk-atrs');
    expect(uk).toContainEqual({ path: 'elements[4]', element_id: 'people' });
    expect(uk.map((u) => u.element_id)).not.toContain('institution');
    // Texts a register asks for in its own language are read, not unused.
    const nl = await unused('nl-algoritmeregister-1.0');
    expect(nl.map((u) => u.element_id)).not.toContain('perceptive_mode');
  });

  it('reports a value over a register limit instead of cutting it', async () => {
    const datachain = { ...realistic, id: `x${'y'.repeat(150)}` };
    const { env } = await call('export_datachain', { version, format: 'nl-algoritmeregister-1.0', datachain });
    const item = (env.data as Json).coverage.find((c: Json) => c.field === 'source_id');
    expect(item.status).toBe('empty');
    expect(item.reason).toContain('at most 100');
    expect((env.data as Json).record.source_id).toBeUndefined();
    expect((env.data as Json).warnings.length).toBeGreaterThan(0);
    // The value is there: the hint says to shorten it (or pass the option), not to add one.
    expect(item.fix_hint).toMatch(
      /^Shorten the datachain's text at \S+ to at most 100 characters, or pass options\.nl\./,
    );
  });

  it('a text joined from several placements over the limit gets a hint with their joined length', async () => {
    // Two risks, each in Dutch and under the register's 2500 characters, joined over it.
    const dc = structuredClone(transitDtpr) as Json;
    const risk = (id: string, letter: string) => ({
      element_id: id,
      variables: [
        {
          id: 'risk',
          value: [
            { locale: 'en', value: 'A risk.' },
            { locale: 'nl', value: letter.repeat(1400) },
          ],
        },
        {
          id: 'mitigation',
          value: [
            { locale: 'en', value: 'A safeguard.' },
            { locale: 'nl', value: 'Een maatregel.' },
          ],
        },
      ],
    });
    dc.elements = dc.elements.filter((e: Json) => e.element_id !== 'civil_liberties_harm');
    dc.elements.push(risk('civil_liberties_harm', 'a'), risk('financial_harm', 'b'));
    const { env } = await call('export_datachain', {
      version: dc.schema_version,
      format: 'nl-algoritmeregister-1.0',
      datachain: dc,
    });
    const item = (env.data as Json).coverage.find((c: Json) => c.field === 'risks');
    expect(item.status).toBe('empty');
    expect(item.fix_hint).toMatch(
      /^Shorten the datachain's texts at \S+, \S+: joined, they come to \d+ characters, and the register takes at most 2500/,
    );
  });

  it("says only an option fills a field read from a category the datachain's release does not have", async () => {
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic });
    const item = (env.data as Json).coverage.find((c: Json) => c.field === 'data_collection');
    expect(item).toMatchObject({
      status: 'needs_input',
      reason: "version ai@2026-08-12 has no category 'collection'",
      fill: { option: 'options.uk_atrs.data_collection' },
    });
    expect(item.fill.datachain).toBeUndefined();
    expect(item.fix_hint).toMatch(/^Version ai@2026-08-12 has no category 'collection', so pass options\.uk_atrs\./);
    // The DPV record's data subjects read `affected`, which ai@2026-05-06-beta does not have.
    const old = await call('export_datachain', { version: cbsa.schema_version, format: 'dpv-jsonld', datachain: cbsa });
    const subjects = (old.env.data as Json).coverage.find((c: Json) => c.field === 'dpv:hasDataSubject');
    expect(subjects?.reason).toBe(`version ${cbsa.schema_version} has no category 'affected'`);
    expect(subjects?.fill?.datachain).toBeUndefined();
    // On a release with the category, the hint still offers the datachain's way.
    const dc = structuredClone(transit) as Json;
    // Without its cameras and sensors, and so without the data flow that starts at them.
    dc.elements = dc.elements
      .filter((e: Json) => !['camera', 'presence_motion_sensor'].includes(e.element_id))
      .map(({ subchain_instance_id: _, ...e }: Json) => e);
    delete dc.subchain_instances;
    const later = await call('export_datachain', { version: dc.schema_version, format: 'uk-atrs', datachain: dc });
    expect(later.env.errors).toBeUndefined();
    const there = (later.env.data as Json).coverage.find((c: Json) => c.field === 'data_collection');
    expect(there).toMatchObject({
      status: 'needs_input',
      fill: { datachain: 'collection elements (what captures the data)' },
    });
    expect(there.fix_hint).toMatch(/^Add collection elements \(what captures the data\) to the datachain, or pass /);
  });

  it('gives the form of a date option in its hint', async () => {
    const { env } = await call('export_datachain', { version, format: 'eurocities-0.3.1', datachain: realistic });
    const dated = (env.data as Json).coverage.filter((c: Json) => /date/.test(c.field) && c.fill?.option);
    expect(dated.length).toBeGreaterThan(0);
    for (const item of dated) expect(item.fix_hint, item.field).toContain('(a date, YYYY-MM-DD)');
  });

  it("refuses an option outside the register's values, naming the allowed ones", async () => {
    const { env } = await call(
      'export_datachain',
      { version, format: 'nl-algoritmeregister-1.0', datachain: realistic, options: { nl: { status: 'Live' } } },
      true,
    );
    expect(env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'options.nl.status' });
    expect(env.errors[0]!.fix_hint).toContain('In gebruik');
  });

  it('refuses an option text that shows nothing and an option URL that reads as another address', async () => {
    const options = {
      uk_atrs: {
        benefit: '\u200b\u200b',
        system_architecture: 'https://gov.example@evil.example/architecture',
        website: 'https://x.example/a\u202eevil',
      },
    };
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic, options }, true);
    expect(env.errors.map((e) => [e.code, e.path])).toEqual([
      ['invalid_arguments', 'options.uk_atrs.website'],
      ['invalid_arguments', 'options.uk_atrs.benefit'],
      ['invalid_arguments', 'options.uk_atrs.system_architecture'],
    ]);
    expect(env.errors[2]!.fix_hint).toBe('Give the address without them: "https://evil.example/architecture".');
  });

  it('refuses an option URL the schema lets through but no parser reads, rather than failing on it', async () => {
    const options = { uk_atrs: { website: 'https://[x' } };
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic, options }, true);
    expect(env.errors).toEqual([
      expect.objectContaining({ code: 'invalid_arguments', path: 'options.uk_atrs.website' }),
    ]);
  });

  it("says which options another register's export reads, and reads only its own", async () => {
    const options = { nl: { name: 'Naam' }, uk_atrs: {} };
    const { env } = await call('export_datachain', { version, format: 'uk-atrs', datachain: realistic, options });
    expect(env.ok).toBe(true);
    const about = (env.meta.warnings ?? []).filter((w) => w.startsWith('options.'));
    expect(about).toEqual([expect.stringMatching(/^options\.nl is not read by format "uk-atrs".*options\.uk_atrs/)]);
  });

  it('refuses a locale for a register with one language', async () => {
    const { env } = await call(
      'export_datachain',
      { version, format: 'uk-atrs', datachain: realistic, locale: 'fr' },
      true,
    );
    expect(env.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'locale' });
  });

  it("takes a register's own language whether the release carries it or not, and refuses another by saying to leave locale out", async () => {
    // ai@2026-08-12 carries en and fr. 'nl' used to be refused as not the release's, with a hint
    // (use en or fr) that led to the register's refusal of en.
    const named = await call('export_datachain', {
      version,
      format: 'nl-algoritmeregister-1.0',
      datachain: realistic,
      locale: 'nl',
    });
    const bare = await call('export_datachain', { version, format: 'nl-algoritmeregister-1.0', datachain: realistic });
    expect(named.env.ok).toBe(true);
    expect(named.env.data).toEqual(bare.env.data);
    const { env } = await call(
      'export_datachain',
      { version, format: 'nl-algoritmeregister-1.0', datachain: realistic, locale: 'en' },
      true,
    );
    expect(env.errors).toHaveLength(1);
    const [error] = env.errors as Array<{ message: string; fix_hint?: string; path?: string }>;
    expect(error).toMatchObject({ code: 'invalid_arguments', path: 'locale' });
    expect(error!.message).toMatch(/takes texts in 'nl' only\.$/);
    expect(error!.fix_hint).toBe('Leave out locale for format "nl-algoritmeregister-1.0".');
  });

  it('answers an invalid datachain like validate_datachain, softly', async () => {
    const { env } = await call('export_datachain', { version, format: 'dpv-jsonld', datachain: { elements: 'no' } });
    expect(env.ok).toBe(false);
    expect(env.errors[0]!.code).toBe('parse_error');
  });

  it('exports a resolved datachain like its thin form', async () => {
    const resolved = await call('resolve_datachain', { version, datachain: realistic });
    const thin = await call('export_datachain', {
      version,
      format: 'eurocities-0.3.1',
      datachain: realistic,
      locale: 'en',
    });
    const fat = await call('export_datachain', { version, format: 'eurocities-0.3.1', datachain: resolved.env.data });
    expect(fat.env.ok, JSON.stringify(fat.env.errors)).toBe(true);
    expect((fat.env.data as Json).record).toEqual((thin.env.data as Json).record);
  });

  it("fills a title's placeholder of a multi-select with its options' names, and leaves out one not given", async () => {
    const resolved = (await call('resolve_datachain', { version, datachain: realistic })).env.data as Json;
    const element = suggestedElement();
    element.title = [{ locale: 'en', value: 'Crowd density by {{method}} here' }];
    element.variables[0].required = false;
    const methods = async (value: unknown) => {
      const dc = structuredClone(resolved);
      dc.authoring_provenance = { kind: 'ai_generated' };
      dc.suggested_elements = [element];
      dc.elements.push(value ? suggestedPlacement(value) : { element_id: element.id });
      const { env } = await call('export_datachain', {
        version,
        format: 'eurocities-0.3.1',
        datachain: dc,
        locale: 'en',
      });
      expect(env.ok, JSON.stringify(env.errors)).toBe(true);
      return (env.data as Json).record.methods_and_models as string;
    };
    expect(await methods(['video', 'wifi'])).toContain('Crowd density by video, wifi here');
    // An optional variable not given: the placeholder and one space beside it go.
    expect(await methods(undefined)).toContain('Crowd density by here');
  });

  it('REST: the body carries the datachain and the options; other keys are refused', async () => {
    const path = `/api/v2/schemas/${version}/export/uk-atrs`;
    const r = await postJson(path, { datachain: realistic, options: { uk_atrs: { phase: 'production' } } });
    expect(r.status).toBe(200);
    expect(r.json.data.record.facets.phase).toBe('production');
    const wrong = await postJson(path, { datachain: realistic, extra: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0]).toMatchObject({ code: 'invalid_arguments', path: 'extra' });
    const bare = await postJson(path, realistic);
    expect(bare.status).toBe(400);
    // A datachain sent bare, as /validate takes it: one error, saying to wrap it.
    expect(bare.json.errors).toEqual([
      expect.objectContaining({
        code: 'invalid_arguments',
        path: 'datachain',
        fix_hint: 'Send {"datachain": <the datachain>} with the optional keys locale, options.',
      }),
    ]);
    const unknown = await postJson(`/api/v2/schemas/${version}/export/pdf`, { datachain: realistic });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0].path).toBe('format');
  });
});

describe('the register_entry prompt', () => {
  it('asks only for the required fields the coverage lists as needing input', async () => {
    const args = { version: 'ai@2026-08-12', format: 'eurocities-0.3.1', datachain: realistic };
    const { env } = await call('export_datachain', args);
    const asks = (env.data as Json).coverage.filter((c: Json) => c.status === 'needs_input');
    const [text] = promptTexts(await getPrompt('register_entry', { ...args, datachain: JSON.stringify(realistic) }));
    const listed = text!.split('\n').filter((l) => /^- [A-Za-z_.]+: /.test(l));
    expect(listed.map((l) => l.slice(2, l.indexOf(':')))).toEqual(asks.map((c: Json) => c.field));
    for (const c of asks) expect(text).toContain(c.fill.option);
  });

  it('names the export call the coverage was read for: the locale where the register takes one, none where it has its own', async () => {
    const datachain = JSON.stringify(transitDtpr);
    const [es] = promptTexts(
      await getPrompt('register_entry', { format: 'eurocities-0.3.1', datachain, locale: 'es' }),
    );
    expect(es).toContain('"format":"eurocities-0.3.1","locale":"es","datachain":<the datachain>}');
    const [nlText] = promptTexts(
      await getPrompt('register_entry', { format: 'nl-algoritmeregister-1.0', datachain, locale: 'es' }),
    );
    expect(nlText).toContain('"format":"nl-algoritmeregister-1.0","datachain":<the datachain>}');
  });

  it('refuses a datachain export_datachain would refuse, naming its first error', async () => {
    const dc = structuredClone(realistic) as Json;
    dc.elements[5].element_id = 'enforcment';
    const r = await getPrompt('register_entry', { format: 'uk-atrs', datachain: JSON.stringify(dc) });
    expectInvalid(
      r,
      'params.arguments.datachain',
      /export_datachain refuses it \(the first: unknown_element at elements\[5\]/,
      /validate_datachain/,
    );
  });

  it('refuses an unknown format and completes the format argument', async () => {
    const r = await getPrompt('register_entry', { format: 'pdf', datachain: JSON.stringify(realistic) });
    expectInvalid(r, 'params.arguments.format', /Unknown format/, /eurocities-0\.3\.1/);
    const c = await complete({
      ref: { type: 'ref/prompt', name: 'register_entry' },
      argument: { name: 'format', value: 'uk' },
    });
    expect(c.json.result.completion.values).toEqual(['uk-atrs']);
  });
});
