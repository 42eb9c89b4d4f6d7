import { beforeAll, describe, expect, it } from 'vitest';
import { DATACHAIN_CODES } from '../../src/core/errors.js';
import { BETA, VERSION } from '../fixtures/datachains/base.js';
import { CASES, VALID, type Bases, type Case } from '../fixtures/datachains/cases.js';
import { bases } from '../fixtures/datachains/run.js';
import type { ToolName } from '../../src/tools/kernel/registry.js';
import { fetchWorker } from '../helpers/http.js';
import { call, toolDescriptors } from '../helpers/tools.js';

let n = 0;
/** Each call gets its own rate bucket: these suites call the validate tools far more than 30 times a minute. */
const vcall = <N extends ToolName>(name: N, args: unknown, hard = false) =>
  call(name, args, hard, { 'DTPR-Client': `validate-test-${n++}` });

let b: Bases;
beforeAll(async () => {
  b = await bases();
});

/** Every code an answer carries: errors, data.warnings. */
function codesOf(env: any): string[] {
  return [...(env.errors ?? []), ...(env.data?.warnings ?? [])].map((f) => f.code);
}

describe('one fixture per rule', () => {
  const mcpCases = CASES.filter((c) => c.store === undefined);
  it.each(mcpCases.map((c) => [`${c.code}: ${c.name} (${c.tool})`, c] as [string, Case]))('%s', async (_, c) => {
    const { env } = await vcall(c.tool, { version: c.version ?? VERSION, datachain: c.build(b), ...c.args });
    expect(codesOf(env)).toEqual(Array(c.count ?? 1).fill(c.code));
    const severity = DATACHAIN_CODES[c.code as keyof typeof DATACHAIN_CODES].severity;
    if (severity === 'warning') {
      expect(env.ok).toBe(true);
      expect(env.meta.warnings).toEqual(Array(c.count ?? 1).fill(expect.stringMatching(new RegExp(`^${c.code}: `))));
    } else {
      expect(env.ok).toBe(false);
      expect(env.data).toBeUndefined();
    }
    for (const f of env.errors ?? env.data.warnings) {
      expect(f).toMatchObject({
        severity,
        message: expect.any(String),
        path: expect.any(String),
        fix_hint: expect.any(String),
      });
      expect(f.path!.startsWith('instance')).toBe(false);
    }
    expect(env.meta).toMatchObject({ version: VERSION, content_hash: expect.stringMatching(/^sha256-/) });
  });

  it('every catalogued datachain code has a fixture', () => {
    const covered = new Set(CASES.map((c) => c.code));
    for (const code of Object.keys(DATACHAIN_CODES)) expect(covered, code).toContain(code);
    expect(covered).toContain('payload_too_large');
  });
});

describe('valid datachains', () => {
  it.each(VALID.map((v) => [v.name, v] as const))('%s answers ok with no finding', async (_, v) => {
    const { env } = await vcall(v.tool, { version: v.version, datachain: v.build(b) });
    expect(env).toMatchObject({
      ok: true,
      data: { ok: true, warnings: [] },
      meta: { version: v.version, warnings: [] },
    });
  });

  it('the full datachain uses every optional field of the thin form', () => {
    const dc = b.thin();
    const placementKeys = new Set(dc.elements.flatMap((p: any) => Object.keys(p)));
    expect([...placementKeys].sort()).toEqual([
      'actions',
      'context_type_id',
      'element_id',
      'element_instance_id',
      'priority',
      'sources',
      'subchain_instance_id',
      'variables',
    ]);
    expect(Object.keys(dc).sort()).toEqual([
      'authoring_provenance',
      'created_at',
      'description',
      'elements',
      'id',
      'instance_version',
      'linked_instance_ids',
      'schema_version',
      'sources',
      'subchain_instances',
      'title',
      'updated_at',
    ]);
    expect(new Set(dc.elements.flatMap((p: any) => (p.actions ?? []).map((a: any) => a.type)))).toEqual(
      new Set(['url', 'email', 'phone', 'postal', 'form']),
    );
  });

  it('a warning keeps the answer valid and is listed twice: objects in data, strings in meta', async () => {
    const dc = b.thin();
    delete dc.elements[1].context_type_id;
    dc.elements[0]!.note = 'x';
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
    expect(env.data.warnings.map((w) => w.code)).toEqual(['unknown_key', 'context_type_missing']);
    expect(env.meta.warnings).toEqual([
      expect.stringMatching(/^unknown_key: .*'note'/),
      expect.stringMatching(/^context_type_missing: /),
    ]);
  });
});

describe('an unknown key is told the key it most likely stands for', () => {
  it("'context' in a placement: 'context_type_id'; a key like no other: the keys allowed", async () => {
    const dc = b.thin();
    const placed = dc.elements[1];
    placed.context = placed.context_type_id;
    delete placed.context_type_id;
    dc.elements[0]!.zzqx = 1;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const warnings = env.data.warnings.filter((w: any) => w.code === 'unknown_key');
    expect(warnings.find((w: any) => w.path === 'elements[1].context')?.fix_hint).toMatch(
      /^Did you mean 'context_type_id'\? Rename 'context' to it, or remove it \(keys allowed there: /,
    );
    expect(warnings.find((w: any) => w.path === 'elements[0].zzqx')?.fix_hint).toMatch(
      /^Remove 'zzqx' or use one of the keys allowed there: /,
    );
  });

  it("a '__proto__' key is told as ignored at the datachain's top as it is deeper, over MCP and over REST", async () => {
    // JSON.parse defines "__proto__" as an own key, as a request body carries it.
    const dc = JSON.parse(JSON.stringify(b.thin()).replace(/^\{/, '{"__proto__":{"x":1},'));
    dc.elements[0] = JSON.parse(JSON.stringify(dc.elements[0]).replace(/^\{/, '{"__proto__":5,'));
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const paths = env.data.warnings.filter((w: any) => w.code === 'unknown_key').map((w: any) => w.path);
    expect(paths).toEqual(['__proto__', 'elements[0].__proto__']);
    const rest = await fetchWorker(`/api/v2/schemas/${VERSION}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'dtpr-client': `validate-test-${n++}` },
      body: JSON.stringify(dc),
    });
    const restPaths = ((await rest.json()) as any).data.warnings.map((w: any) => w.path);
    expect(restPaths).toEqual(paths);
    // The key is told of, never carried back: a migration's datachain has none.
    const migrated = await vcall('migrate_datachain', { version: BETA, datachain: dc });
    expect(migrated.env.ok).toBe(true);
    expect(Object.hasOwn(migrated.env.data.datachain, '__proto__')).toBe(false);
  });

  it('names the nearest in length among equals, never a key the object holds, nor one for a key of one or two letters', async () => {
    const dc = b.thin();
    dc.version = dc.schema_version;
    delete dc.schema_version;
    dc.elements[0].variable = [];
    dc.elements[0].ab = 1;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const hint = (path: string) => env.data.warnings.find((w: any) => w.path === path)?.fix_hint;
    expect(hint('version')).toMatch(/^Did you mean 'schema_version'\?/);
    expect(dc.elements[0].variables).toBeDefined();
    expect(hint('elements[0].variable')).toMatch(/^Remove 'variable' or use one of/);
    expect(hint('elements[0].ab')).toMatch(/^Remove 'ab' or use one of/);
  });

  it("tells an alias written as schema_version to name the release by its id, the call's own where the type matches", async () => {
    for (const [alias, hint] of [
      [
        'ai@latest',
        `Use "schema_version": "${VERSION}" (the release this call checks against), or leave schema_version out.`,
      ],
      ['dtpr@latest-beta', /^Use the id of a release of its type \(list_schema_versions/],
    ] as const) {
      const dc = { ...b.thin(), schema_version: alias };
      for (const tool of ['validate_datachain', 'validate_resolved'] as const) {
        const { env } = await vcall(tool, { version: VERSION, datachain: { ...dc, schema_snapshot: {} } });
        const found = env.errors!.find((e: any) => e.path === 'schema_version');
        expect(found, `${tool} ${alias}`).toMatchObject({
          code: 'parse_error',
          message: `'${alias}' is an alias, which moves as releases are published; a datachain names the release it was written for by its id.`,
        });
        expect(found!.fix_hint).toMatch(hint);
      }
    }
  });

  it('names the key meant for the first 20 findings of an answer only (bounded work)', async () => {
    const dc = b.thin();
    delete dc.elements[0].priority;
    for (let i = 0; i < 25; i++) dc.elements[0][`priority_${i}`] = 1;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const hints = env.data.warnings.filter((w: any) => w.code === 'unknown_key').map((w: any) => w.fix_hint as string);
    expect(hints.length).toBe(25);
    expect(hints.filter((h: string) => h.startsWith('Did you mean')).length).toBe(20);
  });
});

describe('a text given bare, or variables given as a map', () => {
  it('is told the list to write, with its form', async () => {
    const bare = b.thin();
    const placed = bare.elements.find((p: any) => p.variables?.length);
    placed.variables[0].value = 'plain text';
    const one = await vcall('validate_datachain', { version: VERSION, datachain: bare });
    expect(one.env.errors[0]).toMatchObject({
      code: 'parse_error',
      fix_hint: expect.stringContaining('expected a list, as [{"locale":"en","value":"..."}] for a text variable'),
    });
    const map = b.thin();
    const holder = map.elements.find((p: any) => p.variables?.length);
    holder.variables = { [holder.variables[0].id]: 'x' };
    const two = await vcall('validate_datachain', { version: VERSION, datachain: map });
    expect(two.env.errors[0]!.fix_hint).toContain('expected a list, as [{"id":"<variable id>","value":[{"locale":"en"');
    const title = { ...b.thin(), title: 'Parking cameras' };
    const three = await vcall('validate_datachain', { version: VERSION, datachain: title });
    expect(three.env.errors[0]).toMatchObject({
      path: 'title',
      fix_hint: 'Correct \'title\': expected a list of texts by locale, as [{"locale":"en","value":"..."}].',
    });
  });
});

describe("a text's locale written as an argument may be", () => {
  it('is told the code to write (zh-TW, tl, FR); an unknown code keeps the list of codes', async () => {
    for (const [written, code] of [
      ['zh-TW', 'zh-Hant'],
      ['tl', 'fil'],
      ['FR', 'fr'],
    ]) {
      const dc = b.thin();
      dc.title = [{ locale: written, value: 'Parking cameras' }];
      const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
      expect(env.errors[0]).toMatchObject({ code: 'parse_error', path: 'title[0].locale' });
      expect(env.errors[0]!.fix_hint).toContain(`write '${code}'`);
    }
    const dc = b.thin();
    dc.title = [{ locale: 'xx', value: 'Parking cameras' }];
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.errors[0]!.fix_hint).toBe(
      "Set 'title[0].locale' to one of: en, fr, es, pt, fil, km, vi, zh-Hans, zh-Hant, nl, de.",
    );
  });
});

describe('a text left as the "..." of a fix hint', () => {
  it('is valid, with a warning at each such text', async () => {
    const dc = b.thin();
    const i = dc.elements.findIndex((p: any) => p.variables?.some((v: any) => typeof v.value[0] === 'object'));
    const j = dc.elements[i].variables.findIndex((v: any) => typeof v.value[0] === 'object');
    dc.elements[i].variables[j].value[0].value = ' ... ';
    dc.title[0].value = '…';
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
    const found = env.data.warnings.filter((w: any) => w.code === 'text_placeholder').map((w: any) => w.path);
    expect(found).toEqual(['title[0].value', `elements[${i}].variables[${j}].value[0].value`]);
  });
});

describe('an element id that is a category id', () => {
  it('is told it names a category, with the elements it may name instead', async () => {
    const dc = b.thin();
    dc.elements[1].element_id = 'functional_modes';
    delete dc.elements[1].context_type_id;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const error = env.errors.find((e) => e.path === 'elements[1].element_id');
    expect(error).toMatchObject({
      code: 'unknown_element',
      message: `Element 'functional_modes' does not exist in ${VERSION}, where it is a category.`,
      fix_hint: expect.stringMatching(
        /^A placement names an element, not a category: use one of the elements of 'functional_modes' \(.*perceptive_mode/,
      ),
    });
  });

  it("in a resolved datachain, is told the snapshot's elements of it and to re-resolve", async () => {
    const dc = b.resolved();
    const k = dc.elements.findIndex((p: any) => p.element_id === 'perceptive_mode');
    dc.elements[k].element_id = 'functional_modes';
    delete dc.elements[k].context_type_id;
    const { env } = await vcall('validate_resolved', { version: VERSION, datachain: dc });
    const error = env.errors.find((e) => e.path === `elements[${k}].element_id`);
    expect(error?.code).toBe('unknown_element');
    expect(error?.fix_hint).toMatch(
      /^A placement names an element, not a category: use one of the elements of 'functional_modes' \(.*\) the snapshot holds, or re-resolve the thin datachain with resolve_datachain\.$/,
    );
  });
});

describe('seed 000: the flagship soft failure', () => {
  it('elements: [] gives one element_required per required category, without isError', async () => {
    const datachain = { id: 'seed-000', created_at: '2026-09-01T10:00:00Z', schema_version: BETA, elements: [] };
    const { result, env } = await vcall('validate_datachain', { version: BETA, datachain });
    expect(result.isError).toBeUndefined();
    expect(env.ok).toBe(false);
    expect(env.errors.map((e) => e.message)).toEqual([
      "Category 'purpose' requires at least one element.",
      "Category 'accountable' requires at least one element.",
      "Category 'functional_modes' requires at least one element.",
    ]);
    for (const e of env.errors) {
      expect(e).toMatchObject({ code: 'element_required', path: 'elements', severity: 'error' });
      expect(e.fix_hint).toMatch(/^Add an element with category_id='[a-z_]+'/);
    }
    expect(env.meta).toMatchObject({ version: BETA, content_hash: expect.stringMatching(/^sha256-/), warnings: [] });
  });
  it('the bare { elements: [] } also says which fields the upstream validator would require', async () => {
    const { env } = await vcall('validate_datachain', { version: BETA, datachain: { elements: [] } });
    expect(env.errors.map((e) => e.code)).toEqual(['element_required', 'element_required', 'element_required']);
    expect(env.meta.warnings).toEqual([
      expect.stringMatching(/^interop_field_missing: 'id' is missing/),
      expect.stringMatching(/^interop_field_missing: 'created_at' is missing/),
      expect.stringMatching(/^interop_field_missing: 'schema_version' is missing/),
    ]);
  });

  it('the stable version also requires affected', async () => {
    const { env } = await vcall('validate_datachain', { version: 'ai@latest', datachain: { elements: [] } });
    expect(env.errors.map((e) => e.message)).toContain("Category 'affected' requires at least one element.");
    expect(env.errors).toHaveLength(4);
  });
});

describe('shape errors and hard failures', () => {
  it('collects every shape error, one per issue, with its path', async () => {
    const dc = { elements: [{ element_id: '', priority: 'high' }], created_at: 'yesterday', stray: true };
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.errors.map((e) => [e.code, e.path])).toEqual(
      expect.arrayContaining([
        ['parse_error', 'created_at'],
        ['parse_error', 'elements[0].element_id'],
        ['parse_error', 'elements[0].priority'],
      ]),
    );
    expect(env.errors).toHaveLength(3);
    expect(env.meta.warnings).toEqual([expect.stringMatching(/^unknown_key: .*'stray'/)]);
  });

  it('a date-time with an offset is refused with what it must be: UTC, ending in Z', async () => {
    const dc = { elements: [], created_at: '2026-08-01T00:00:00+02:00' };
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    const error = env.errors.find((e) => e.path === 'created_at');
    expect(error).toMatchObject({ code: 'parse_error', message: expect.stringMatching(/UTC, ending in Z/) });
    expect(error?.fix_hint).toMatch(/2026-08-01T09:00:00Z/);
    // Another type keeps zod's own words: nothing about offsets for a number.
    const typed = await vcall('validate_datachain', { version: VERSION, datachain: { elements: [], created_at: 5 } });
    const wrongType = typed.env.errors.find((e) => e.path === 'created_at');
    expect(wrongType?.message).not.toMatch(/offset/);
    expect(wrongType?.message).toMatch(/string/);
  });

  it.each(['validate_datachain', 'resolve_datachain', 'validate_resolved'] as const)(
    '%s: shape errors are parse_error, soft',
    async (tool) => {
      const { env } = await vcall(tool, { version: VERSION, datachain: { elements: 'none' } });
      expect(env.ok).toBe(false);
      expect(env.errors[0]!).toMatchObject({ code: 'parse_error', path: 'elements', severity: 'error' });
    },
  );

  it.each([
    ['datachain not an object', { version: VERSION, datachain: [] }, 'invalid_arguments'],
    ['datachain missing', { version: VERSION }, 'invalid_arguments'],
    ['unknown argument', { version: VERSION, datachain: {}, locale: 'en' }, 'invalid_arguments'],
    ['unknown version', { version: 'ai@2099-01-01', datachain: { elements: [] } }, 'unknown_version'],
    ['malformed version', { version: 'ai-2026', datachain: { elements: [] } }, 'bad_request'],
  ])('%s is a hard failure', async (_, args, code) => {
    for (const tool of ['validate_datachain', 'resolve_datachain', 'validate_resolved'] as const) {
      const { env } = await vcall(tool, args, true);
      expect(env.errors[0]!.code).toBe(code);
    }
  });
});

describe('descriptors', () => {
  it('lists the three tools after get_elements, with object datachain and read-only annotations', async () => {
    const tools = await toolDescriptors();
    const names = [...tools.keys()];
    const at = names.indexOf('get_elements');
    expect(names.slice(at + 1, at + 4)).toEqual(['validate_datachain', 'resolve_datachain', 'validate_resolved']);
    expect(names.slice(-2)).toEqual(['get_icon_url', 'get_translation_status']);
    for (const name of ['validate_datachain', 'resolve_datachain', 'validate_resolved']) {
      const t = tools.get(name)!;
      expect(t.inputSchema).toMatchObject({
        type: 'object',
        additionalProperties: false,
        required: ['version', 'datachain'],
      });
      expect(t.inputSchema.properties!.datachain.type).toBe('object');
      expect(t.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    }
  });

  it('get_schema include:"full" publishes the datachain JSON Schemas', async () => {
    const { env } = await call('get_schema', { version: VERSION, include: 'full' });
    const schemas = env.data.schema_json!;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['DatachainInstance', 'ResolvedDatachainInstance', 'AuthoringProvenance']),
    );
    expect(schemas.DatachainInstance.required).toEqual(['elements']);
    expect(schemas.ResolvedDatachainInstance.required).toEqual(['elements', 'schema_snapshot']);
  });
});

describe('a resolved datachain given to validate_datachain', () => {
  it('is told to use validate_resolved, not only to remove its resolved parts', async () => {
    const resolved = (await vcall('resolve_datachain', { version: VERSION, datachain: b.thin() })).env.data;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: resolved });
    const hints = env.data.warnings
      .filter((w) => w.code === 'unknown_key' && (w.path === 'schema_snapshot' || w.path === 'suggested_elements'))
      .map((w) => w.fix_hint);
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) expect(hint).toMatch(/^This is a resolved datachain .*validate_resolved/);
  });
});

describe('a placement that repeats an earlier one exactly', () => {
  it('is valid, with a placement_repeated warning at the copy naming the first; copies set apart are not', async () => {
    const dc = b.thin();
    // An element no provenance names by its id (a copy of one that is named makes that ambiguous).
    const copied = dc.elements.findIndex((p: { element_id: string }) => p.element_id === 'perceptive_mode');
    dc.elements.push(structuredClone(dc.elements[copied]));
    const at = dc.elements.length - 1;
    const { env } = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(env.ok).toBe(true);
    expect(env.data.ok).toBe(true);
    const repeated = env.data.warnings.filter((w: { code: string }) => w.code === 'placement_repeated');
    expect(repeated).toEqual([
      expect.objectContaining({ path: `elements[${at}]`, message: expect.stringContaining(`elements[${copied}]`) }),
    ]);
    // Copies of two elements, interleaved: one finding per element copied, in the datachain's order.
    const twice = b.thin();
    const camera = twice.elements.findIndex((p: { element_id: string }) => p.element_id === 'computer_vision');
    const mode = twice.elements.findIndex((p: { element_id: string }) => p.element_id === 'perceptive_mode');
    const n = twice.elements.length;
    twice.elements.push(
      structuredClone(twice.elements[mode]),
      structuredClone(twice.elements[camera]),
      structuredClone(twice.elements[mode]),
    );
    const both = await vcall('validate_datachain', { version: VERSION, datachain: twice });
    const found = both.env.data.warnings.filter((w: { code: string }) => w.code === 'placement_repeated');
    expect(found.map((w) => w.path)).toEqual([`elements[${n}]`, `elements[${n + 1}]`]);
    expect(found[0]!.message).toMatch(
      new RegExp(`^elements\\[${n}\\], elements\\[${n + 2}\\] repeat elements\\[${mode}\\] exactly; .* 3 times\\.$`),
    );
    // Set apart by an element_instance_id, the copy is another placement.
    dc.elements[at].element_instance_id = 'second_copy';
    const apart = await vcall('validate_datachain', { version: VERSION, datachain: dc });
    expect(apart.env.data.warnings.map((w: { code: string }) => w.code)).not.toContain('placement_repeated');
  });
});
