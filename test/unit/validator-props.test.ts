import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/errors.js';
import type { MaterializedElement } from '../../src/domain/content.js';
import { catalogueStore } from '../../src/store/catalogue-store.js';
import { BETA, fullThin, VERSION } from '../fixtures/datachains/base.js';
import { bases, invoke } from '../fixtures/datachains/run.js';
import { fuzzRuns } from '../helpers/fuzz.js';

type Json = any;

/** A path to some node of a JSON value: each step is a key or an index. */
function paths(value: Json, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

type Mutation = { kind: 'set' | 'delete' | 'add'; pick: number; value: Json; key: string };
const mutation = fc.record({
  kind: fc.constantFrom('set', 'delete', 'add') as fc.Arbitrary<Mutation['kind']>,
  pick: fc.nat(),
  value: fc.jsonValue({ maxDepth: 2 }),
  key: fc.constantFrom(
    'element_id',
    'variables',
    'value',
    'locale',
    'id',
    'kind',
    'context_type_id',
    'x',
    '__proto__',
    'required',
  ),
});

function mutate(root: Json, m: Mutation): Json {
  const all = paths(root).filter((p) => p.length > 0);
  const path = all[m.pick % all.length]!;
  let parent = root;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path.at(-1)!;
  if (m.kind === 'set') parent[last] = m.value;
  else if (m.kind === 'delete') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
  else if (parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last]))
    parent[last][m.key] = m.value;
  else parent[last] = m.value;
  return root;
}

function expectWellFormed(outcome: Awaited<ReturnType<typeof invoke>>) {
  const env: Json = outcome.envelope;
  expect(outcome.hard).toBe(false);
  expect(env.meta).toMatchObject({ version: VERSION, content_hash: expect.any(String), warnings: expect.any(Array) });
  const findings = env.ok ? (env.data.warnings ?? []) : env.errors;
  if (!env.ok) expect(env.errors.length).toBeGreaterThan(0);
  for (const f of findings) {
    expect(Object.keys(ERROR_CODES)).toContain(f.code);
    expect(f).toMatchObject({ message: expect.any(String), path: expect.any(String), fix_hint: expect.any(String) });
  }
  expect(JSON.parse(JSON.stringify(env))).toEqual(env);
}

describe('properties', () => {
  it('random mutations of a valid thin datachain never throw and always answer a well-formed envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => {
        const dc = ms.reduce(mutate, fullThin());
        for (const tool of ['validate_datachain', 'resolve_datachain'] as const)
          expectWellFormed(await invoke(tool, { version: VERSION, datachain: dc }));
      }),
      fuzzRuns(150),
    );
  });

  it('random mutations of a valid resolved datachain never throw and always answer a well-formed envelope', async () => {
    const b = await bases();
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
        expectWellFormed(
          await invoke('validate_resolved', { version: VERSION, datachain: ms.reduce(mutate, b.resolved()) }),
        );
      }),
      fuzzRuns(100),
    );
  });

  it.each([VERSION, BETA])(
    '%s: a datachain that validates still validates after resolve, then strip',
    async (version) => {
      const release = catalogueStore().release(version)!;
      const required = release.bundle.categories.filter((c) => c.required).map((c) => c.id);
      const placement = (e: MaterializedElement, contextPick: number) => {
        const context = e.context ?? release.categoryById.get(e.category_id)!.element_context;
        return {
          element_id: e.id,
          ...(context ? { context_type_id: context.values[contextPick % context.values.length]!.id } : {}),
          variables: e.variables
            .filter((v) => v.required)
            .map((v) => ({ id: v.id, value: [{ locale: 'fr', value: `${v.id} text` }] })),
        };
      };
      const datachain = fc
        .record({
          picks: fc.uniqueArray(fc.constantFrom(...release.bundle.elements), {
            minLength: 0,
            maxLength: 15,
            selector: (e) => e.id,
          }),
          firsts: fc.array(fc.nat(), { minLength: required.length, maxLength: required.length }),
          context: fc.nat(),
          title: fc.option(fc.string(), { nil: undefined }),
        })
        .map(({ picks, firsts, context, title }) => {
          const mandatory = required.map((c, i) => {
            const list = release.elementsByCategory.get(c)!;
            return list[firsts[i]! % list.length]!;
          });
          const elements = [...mandatory, ...picks].map((e) => placement(e, context));
          return {
            id: 'prop',
            created_at: '2026-09-01T10:00:00Z',
            schema_version: version,
            elements,
            ...(title !== undefined ? { title: [{ locale: 'en', value: title }] } : {}),
          };
        });
      await fc.assert(
        fc.asyncProperty(datachain, async (dc) => {
          const first = await invoke('validate_datachain', { version, datachain: dc });
          expect(first.envelope).toMatchObject({ ok: true });
          // The same warnings every way (a blank title is one: localized_text_issue; an element
          // picked twice, placed the same way, is placement_repeated), and no new one.
          const warnings = (first.envelope as Json).data.warnings;
          const resolved: Json = await invoke('resolve_datachain', { version, datachain: dc });
          expect(resolved.envelope.ok).toBe(true);
          const { schema_snapshot: _s, suggested_elements: _g, ...thin } = resolved.envelope.data;
          expect((await invoke('validate_datachain', { version, datachain: thin })).envelope).toMatchObject({
            ok: true,
            data: { warnings },
          });
          expect(
            (await invoke('validate_resolved', { version, datachain: resolved.envelope.data })).envelope,
          ).toMatchObject({ ok: true, data: { warnings } });
          expect(
            warnings.every(
              (w: Json) =>
                (w.code === 'localized_text_issue' && w.path === 'title[0].value') || w.code === 'placement_repeated',
            ),
          ).toBe(true);
        }),
        fuzzRuns(40),
      );
    },
  );
});
