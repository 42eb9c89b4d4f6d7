import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as zod from 'zod';
import type { Deadline } from '../../src/core/deadline.js';
import { fastParser } from '../../src/core/fast-parse.js';
import { VersionIndex } from '../../src/domain/bundle.js';
import { CAPS } from '../../src/domain/caps.js';
import { DatachainInstance } from '../../src/domain/datachain.js';
import { ResolvedDatachainInstance } from '../../src/domain/datachain-resolved.js';
import { TranslationReview } from '../../src/domain/translations.js';
import { indexText, splitIndexText } from '../../src/store/index-text.js';
import { VERSION_INDEX } from '../../src/store/generated/bundles.js';
import { unknownKeys } from '../../src/services/validator/unknown-keys.js';
import { TOOLS } from '../../src/tools/kernel/registry.js';
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
    'uk-atrs',
    'dpv-jsonld',
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
/** Mutations that set, delete or add `value`s at any path, adding under `key`s. */
const mutationOf = (value: fc.Arbitrary<Json>, key: fc.Arbitrary<string>): fc.Arbitrary<Mutation> =>
  fc.record({ kind: fc.constantFrom('set', 'delete', 'add'), pick: fc.nat(), value, key });
const mutation = mutationOf(nearValues, keys);

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

/**
 * One input checked both ways: the fast parser accepts exactly when zod does, and then with zod's
 * value, keys in the same order. Counts each side in `seen`.
 */
function expectAgreement(schema: z.ZodType, input: Json, seen: { accepted: number; rejected: number }, label?: string) {
  const expected = schema.safeParse(input);
  const fast = fastParser(schema)(input);
  expect(fast !== undefined, label).toBe(expected.success);
  if (!fast || !expected.success) return void seen.rejected++;
  seen.accepted++;
  expect(fast.value).toStrictEqual(expected.data);
  expect(Object.keys(fast.value as object)).toEqual(Object.keys(expected.data as object));
  expect(JSON.stringify(fast.value)).toBe(JSON.stringify(expected.data));
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
          expectAgreement(schema, ms.reduce(mutate, from[seed % from.length]!()), seen);
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

/** Well-formed values for every argument a tool takes, by name: each tool's seed is its keys of these. */
const ARGUMENTS: Record<string, () => Json> = {
  datachain_type: () => 'ai',
  version: () => 'ai@2026-08-12',
  include: () => 'full',
  locales: () => ['en', 'fr'],
  category_id: () => 'ai__input_dataset',
  query: () => 'camera',
  locale: () => 'fr',
  fields: () => ['title', 'description'],
  limit: () => 20,
  cursor: () => 'abc',
  element_id: () => 'input_biometric',
  element_ids: () => ['input_biometric', 'health'],
  datachain: () => minimalThin(),
  from: () => 'ai@2026-04-16-beta',
  format: () => 'page',
  link: () => 'https://example.org/disclosure',
  size: () => 'a4',
  options: () => ({}),
  variant: () => 'default',
  flag_status: () => 'open',
};
/** Where one tool takes an argument another takes in another form. */
const TOOL_ARGUMENTS: Record<string, Record<string, () => Json>> = {
  // A register whose language is fixed refuses a locale (the seed names one): this one takes several.
  export_datachain: { format: () => 'eurocities-0.3.1' },
};
const seedOf = (tool: (typeof TOOLS)[number]): Record<string, Json> => {
  const shape = Object.keys((tool.input as unknown as { shape: Record<string, unknown> }).shape);
  return Object.fromEntries(shape.map((k) => [k, (TOOL_ARGUMENTS[tool.name]?.[k] ?? ARGUMENTS[k])!()]));
};
const argumentKeys = fc.constantFrom(...Object.keys(ARGUMENTS), 'x', '__proto__', 'constructor', '');

describe('the fast parser agrees with zod on every tool input', () => {
  it('every tool is seeded with arguments zod accepts (so each tool is checked on both sides)', () => {
    for (const tool of TOOLS) expect(tool.input.safeParse(seedOf(tool)).error?.issues, tool.name).toBeUndefined();
  });

  it('accepts exactly what zod accepts, with the same value and key order', async () => {
    const seen = { accepted: 0, rejected: 0 };
    await fc.assert(
      fc.property(
        fc.constantFrom(...TOOLS),
        fc.array(
          fc.record({
            kind: fc.constantFrom('set', 'delete', 'add'),
            pick: fc.nat(),
            value: nearValues,
            key: argumentKeys,
          }),
          {
            maxLength: 3,
          },
        ),
        (tool, ms) => {
          const seed = seedOf(tool);
          // Mutations reach the seed itself too (`add` at the top adds an argument, known or not).
          const args = ms.reduce(
            (root, m) => (m.pick % 4 === 0 && m.kind === 'add' ? addKey(root, m) : mutate(root, m)),
            seed,
          );
          expectAgreement(tool.input, args, seen, tool.name);
        },
      ),
      fuzzRuns(1500),
    );
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.rejected).toBeGreaterThan(100);
  });

  it('a strict input refuses an unknown argument, an inherited one included, as zod does', () => {
    const tool = TOOLS.find((t) => t.name === 'get_icon_url')!;
    const base = { version: 'ai@2026-08-12', element_id: 'input_biometric' };
    expect(fastParser(tool.input)(base)?.value).toEqual({ ...base, variant: 'default' });
    expect(fastParser(tool.input)({ ...base, extra: 1 })).toBeUndefined();
    expect(tool.input.safeParse({ ...base, extra: 1 }).success).toBe(false);
    const inherited = Object.assign(Object.create({ extra: 1 }), base);
    expect(fastParser(tool.input)(inherited)).toBeUndefined();
    expect(tool.input.safeParse(inherited).success).toBe(false);
  });
});

/** Adds an own enumerable key at the top of the arguments, as JSON.parse defines one (`__proto__` included). */
function addKey(root: Json, m: { key: string; value: Json }): Json {
  Object.defineProperty(root, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** Object schemas of each kind the protocol's params use: loose (extra keys kept), strict, stripping, nested, `unknown`. */
const OBJECT_SCHEMAS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['loose, like tools/call', zod.looseObject({ name: zod.string().min(1), arguments: zod.unknown().optional() })],
  [
    'loose and nested, like initialize',
    zod.looseObject({
      protocolVersion: zod.string().optional(),
      capabilities: zod.looseObject({}).optional(),
      clientInfo: zod.looseObject({ name: zod.string() }).optional(),
    }),
  ],
  ['strict', zod.strictObject({ a: zod.string().max(40), b: zod.number().optional(), c: zod.unknown() })],
  ['stripping, with any', zod.object({ a: zod.any(), b: zod.array(zod.unknown()).optional() })],
  ['a refined catchall', zod.object({ a: zod.string() }).catchall(zod.unknown().refine((v) => typeof v === 'string'))],
  [
    'a catchall that rewrites',
    zod
      .object({ a: zod.string() })
      .catchall(zod.unknown().check(zod.overwrite((v) => (typeof v === 'string' ? v.toUpperCase() : v)))),
  ],
  ['a typed catchall', zod.object({ a: zod.string().optional() }).catchall(zod.number())],
];
/** The keys of an object schema and of the object schemas in it. */
function keysOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).flatMap(([k, v]) => {
    const inner = (v as unknown as { unwrap?: () => z.ZodType }).unwrap?.() ?? v;
    return [k, ...keysOf(inner)];
  });
}

/** Objects as JSON.parse builds them (every key an own enumerable property, `__proto__` included), mostly of the schema's keys. */
function objectInput(known: readonly string[]): fc.Arbitrary<Json> {
  const key = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom('x', '__proto__', 'constructor', 'toString') },
  );
  return fc.letrec<{ value: Json; object: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      nearValues,
      { weight: 2, arbitrary: fc.string({ maxLength: 5 }) },
      fc.integer(),
      tie('object'),
    ),
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries) => {
      const o: Record<string, Json> = {};
      for (const [k, v] of entries)
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  })).object;
}

describe('the fast parser agrees with zod on loose, strict and stripping objects', () => {
  for (const [name, schema] of OBJECT_SCHEMAS) {
    it(`${name}: accepts exactly what zod accepts, with the same value and key order`, () => {
      const seen = { accepted: 0, rejected: 0 };
      fc.assert(
        fc.property(fc.oneof(objectInput(keysOf(schema)), nearValues), (input) => {
          expectAgreement(schema, input, seen);
        }),
        fuzzRuns(2000),
      );
      expect(seen.accepted).toBeGreaterThan(15);
      expect(seen.rejected).toBeGreaterThan(15);
    });
  }

  it('a loose object keeps an inherited enumerable key, as zod does; an own __proto__ key is not copied', () => {
    const [, schema] = OBJECT_SCHEMAS[0]!;
    const inherited = Object.assign(Object.create({ extra: 1 }), { name: 'x' });
    expect(fastParser(schema)(inherited)?.value).toStrictEqual(schema.parse(inherited));
    const own = JSON.parse('{"name":"x","__proto__":{"polluted":true},"y":2}');
    const value = fastParser(schema)(own)?.value as Record<string, unknown>;
    expect(value).toStrictEqual(schema.parse(own));
    expect(Object.keys(value)).toEqual(['name', 'y']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A text of code points from ASCII and beyond the BMP (two UTF-16 units each), where unit and code-point lengths part. */
const mixedText = fc
  .array(fc.oneof(fc.constantFrom('a', 'é', '😀', '\u{10FFFF}'), fc.string({ unit: 'binary', maxLength: 1 })), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));

describe("the fast parser agrees with zod on a string's length bounds", () => {
  it('maximum, minimum, both, two of a kind, a `when` that declines, and bounds beside an exact length or a pattern', () => {
    const seen = { accepted: 0, rejected: 0 };
    const bounds = fc.record({
      min: fc.option(fc.nat({ max: 6 }), { nil: undefined }),
      max: fc.option(fc.nat({ max: 10 }), { nil: undefined }),
      declines: fc.boolean(),
      pattern: fc.boolean(),
      // A second bound of either kind, or an exact length (a check of another kind).
      also: fc.record({ kind: fc.constantFrom('none', 'max', 'min', 'length'), n: fc.nat({ max: 8 }) }),
    });
    fc.assert(
      fc.property(bounds, fc.oneof(mixedText, nearValues), ({ min, max, declines, pattern, also }, input) => {
        // A `when` that declines texts holding 'é': zod then skips that check, and so must the fast path.
        // (A custom `when` is asked after a failed type check too, so it must refuse what is not text.)
        const when = declines
          ? { when: (p: { value: unknown }) => typeof p.value === 'string' && !p.value.includes('é') }
          : {};
        let schema = zod.string();
        if (min !== undefined) schema = schema.min(min, when as object);
        if (max !== undefined) schema = schema.max(max, when as object);
        if (also.kind === 'max') schema = schema.max(also.n);
        if (also.kind === 'min') schema = schema.min(also.n);
        if (also.kind === 'length') schema = schema.length(also.n);
        if (pattern) schema = schema.regex(/^[^\u{10FFFF}]*$/u);
        const label = JSON.stringify({ min, max, declines, pattern, also });
        expectAgreement(zod.object({ s: schema }), { s: input }, seen, label);
      }),
      fuzzRuns(4000),
    );
    expect(seen.accepted).toBeGreaterThan(200);
    expect(seen.rejected).toBeGreaterThan(200);
  });
});

/** Every schema inside `schema`, itself included, by zod's definition of each kind. */
function schemasIn(schema: z.ZodType, found = new Set<z.ZodType>()): Set<z.ZodType> {
  if (found.has(schema)) return found;
  found.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = [def.element, def.innerType, def.keyType, def.valueType, def.in, def.out, def.catchall];
  const shape = (def.shape ?? {}) as Record<string, z.ZodType>;
  for (const child of [...inner, ...Object.values(shape), ...((def.options as unknown[]) ?? [])])
    if (child && typeof child === 'object' && '_zod' in child) schemasIn(child as z.ZodType, found);
  return found;
}

/** How many times zod itself ran a schema inside `schema` while `work` ran: a part zod read. */
function zodRunsDuring(schema: z.ZodType, work: () => void): number {
  const nodes = [...schemasIn(schema)].map(
    (s) => (s as unknown as { _zod: { run: (...a: unknown[]) => unknown } })._zod,
  );
  const originals = nodes.map((node) => node.run);
  let runs = 0;
  nodes.forEach((node, i) => {
    node.run = (...args: unknown[]) => {
      runs++;
      return originals[i]!.apply(node, args);
    };
  });
  try {
    work();
  } finally {
    nodes.forEach((node, i) => {
      node.run = originals[i]!;
    });
  }
  return runs;
}

/**
 * Mutations of an index or a review: the keys of both, and values near theirs, each value its own
 * copy (a mutation that sets one object inside another must not make a cycle).
 */
const catalogueMutation = mutationOf(
  fc
    .oneof(nearValues, fc.constantFrom('beta', 'stable', 'human_reviewed', 'sha256-0', { 'a.json': 'x' }))
    .map((v) => (typeof v === 'object' && v !== null ? structuredClone(v) : v)),
  fc.constantFrom(
    'versions',
    'aliases',
    'translations',
    'objects',
    'id',
    'status',
    'created_at',
    'content_hash',
    'source_locale',
    'written_by',
    'locales',
    'flags',
    'x',
    '__proto__',
  ),
);

/**
 * The catalogue's index and a release's review metadata are read by the fast parser (a first call
 * that reads the bucket's index, a page in a locale that names its review): the shipped index and
 * its reviews are taken on the fast path, and anything near them is read as zod reads it.
 */
describe('the fast parser agrees with zod on the version index and review metadata', () => {
  const shipped = JSON.parse(VERSION_INDEX) as Json;
  const { translations, ...head } = shipped;
  const reviews = Object.values(translations as Record<string, Json>);
  const CATALOGUE: ReadonlyArray<readonly [string, z.ZodType, Json[]]> = [
    [
      'the index',
      VersionIndex,
      [
        head,
        shipped,
        // As the bucket holds it: publish's layout, cut as the reader cuts it.
        splitIndexText(indexText(shipped)).head,
        { ...head, objects: { 'releases/a.json': 'sha256-0' } },
      ],
    ],
    ['review metadata', TranslationReview, reviews],
  ];

  it('the shipped index and every shipped review are read on the fast path, no part of them handed to zod', () => {
    expect(reviews.length).toBeGreaterThan(0);
    for (const [name, schema, values] of CATALOGUE)
      for (const value of values) {
        const expected = schema.parse(value);
        let read: unknown;
        expect(
          zodRunsDuring(schema, () => (read = fastParser(schema)(value)?.value)),
          name,
        ).toBe(0);
        expect(read, name).toStrictEqual(expected);
      }
    // The count sees zod: a schema the fast parser cannot mirror (a transform) is run by zod.
    const transformed = zod.object({ a: zod.string().transform((t) => t.length) });
    expect(zodRunsDuring(transformed, () => fastParser(transformed)({ a: 'xy' }))).toBeGreaterThan(0);
  });

  for (const [name, schema, values] of CATALOGUE) {
    it(`${name}: accepts exactly what zod accepts, with the same value and key order`, () => {
      const text = values.map((v) => JSON.stringify(v));
      const seen = { accepted: 0, rejected: 0 };
      fc.assert(
        fc.property(fc.nat(), fc.array(catalogueMutation, { maxLength: 3 }), (seed, ms) => {
          expectAgreement(schema, ms.reduce(mutate, JSON.parse(text[seed % text.length]!)), seen);
        }),
        fuzzRuns(500),
      );
      expect(seen.accepted).toBeGreaterThan(20);
      expect(seen.rejected).toBeGreaterThan(20);
    });
  }
});
