import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Deadline } from '../../src/core/deadline.js';
import { fastParser } from '../../src/core/fast-parse.js';
import { CAPS } from '../../src/domain/caps.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { ResolvedDatachainInstance } from '../../src/domain/datachain-resolved.js';
import { unknownKeys } from '../../src/services/validator/unknown-keys.js';
import { fullThin, minimalThin } from '../fixtures/datachains/base.js';
import { bases } from '../fixtures/datachains/run.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { REALISTIC } from '../helpers/hostile.js';
import { referenceUnknownKeys } from '../helpers/unknown-keys-reference.js';

type Json = any;
type Step = string | number;

function paths(value: Json, prefix: Step[] = [], out: Step[][] = []): Step[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

/** Strings at and just past every cap, in UTF-16 units and in code points (zod counts code points). */
const edgeStrings = Object.values(CAPS).flatMap((n) => [
  'a'.repeat(n),
  'a'.repeat(n + 1),
  '😀'.repeat(n),
  '😀'.repeat(n + 1),
  `${'a'.repeat(n - 1)}😀`,
]);
/** Values a datachain field may hold or almost hold: enum members, ids, dates, URLs, numbers and wrong types. */
const nearValues: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(
    'en',
    'fr',
    'de',
    'human',
    'ai_generated',
    'url',
    'email',
    'form',
    'high',
    'low',
    'other',
    'model_card',
    'multi_select_enum',
    'localized_text',
    'mobility',
    'p1',
    'bad id',
    '',
    'x',
    '2026-09-01T10:00:00Z',
    '2026-09-01T10:00:00+02:00',
    '2026-13-01T10:00:00Z',
    'ai@2026-08-12',
    'ai@2026-8-12',
    'https://example.org/a',
    'javascript:alert(1)',
    'mailto:a@example.org',
    0,
    1,
    -1,
    1.5,
    2 ** 53,
    1e300,
    true,
    false,
    null,
    [],
    {},
    [{ locale: 'en', value: 'v' }],
    ['opt'],
    { kind: 'human' },
    { kind: 'ai_generated' },
    { locale: 'en', value: 'v' },
  ),
  fc.constantFrom(...edgeStrings),
  fc.jsonValue({ maxDepth: 2 }),
);
const keys = fc.constantFrom(
  'element_id',
  'variables',
  'value',
  'locale',
  'id',
  'kind',
  'type',
  'label',
  'target',
  'context_type_id',
  'priority',
  'order',
  'sources',
  'title',
  'url',
  'element_provenance',
  'rationale',
  'variable_rationale',
  'required',
  'x',
  '__proto__',
  'constructor',
  'a b',
  '',
);

type Mutation = { kind: 'set' | 'delete' | 'add'; pick: number; value: Json; key: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('set', 'delete', 'add'),
  pick: fc.nat(),
  value: nearValues,
  key: keys,
});

function mutate(root: Json, m: Mutation): Json {
  const all = paths(root).filter((p) => p.length > 0);
  if (!all.length) return root;
  const path = all[m.pick % all.length]!;
  let parent = root;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path.at(-1)!;
  const target = parent[last];
  if (m.kind === 'set') parent[last] = m.value;
  else if (m.kind === 'delete') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
  else if (Array.isArray(target)) target.push(m.value);
  // A JSON body can carry a "__proto__" key as an own property: define it so, as JSON.parse does.
  else if (target && typeof target === 'object')
    Object.defineProperty(target, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  else parent[last] = m.value;
  return root;
}

/** A deadline that never expires and counts the units spent. */
function counting(): Deadline & { spent: number } {
  return {
    budgetMs: 1,
    spent: 0,
    check() {
      this.spent++;
    },
  };
}

const seeds = async (): Promise<Array<() => Json>> => {
  const b = await bases();
  const realistic = JSON.stringify(REALISTIC);
  return [fullThin, () => minimalThin(), () => JSON.parse(realistic), b.resolved];
};
const SCHEMAS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['thin', DatachainInstance],
  ['resolved', ResolvedDatachainInstance],
];

describe('the fast datachain parser agrees with zod', () => {
  for (const [form, schema] of SCHEMAS) {
    it(`${form}: accepts exactly what zod accepts, with the same value and key order`, async () => {
      const from = await seeds();
      const seen = { accepted: 0, rejected: 0 };
      await fc.assert(
        fc.asyncProperty(fc.nat(), fc.array(mutation, { maxLength: 3 }), async (seed, ms) => {
          const dc = ms.reduce(mutate, from[seed % from.length]!());
          const expected = schema.safeParse(dc);
          const fast = fastParser(schema)(dc);
          expect(fast !== undefined).toBe(expected.success);
          if (!fast || !expected.success) return void seen.rejected++;
          seen.accepted++;
          expect(fast.value).toStrictEqual(expected.data);
          expect(JSON.stringify(fast.value)).toBe(JSON.stringify(expected.data));
        }),
        fuzzRuns(300),
      );
      // Both sides of the decision were exercised.
      expect(seen.accepted).toBeGreaterThan(20);
      expect(seen.rejected).toBeGreaterThan(20);
    });

    it(`${form}: unknown-key findings and deadline units match the path-per-node walk`, async () => {
      const from = await seeds();
      await fc.assert(
        fc.asyncProperty(fc.nat(), fc.array(mutation, { maxLength: 4 }), async (seed, ms) => {
          const dc = ms.reduce(mutate, from[seed % from.length]!());
          const [mine, theirs] = [counting(), counting()];
          expect(unknownKeys(schema, dc, mine)).toStrictEqual(referenceUnknownKeys(schema, dc, theirs));
          expect(mine.spent).toBe(theirs.spent);
        }),
        fuzzRuns(300),
      );
    });
  }

  it('a parsed datachain never shares a default with another', () => {
    const a = fastParser(DatachainInstance)({ elements: [{ element_id: 'x' }] }) as { value: Json };
    const b = fastParser(DatachainInstance)({ elements: [{ element_id: 'x' }] }) as { value: Json };
    a.value.elements[0].variables.push(1);
    expect(b.value.elements[0].variables).toEqual([]);
  });
});
