// npm run bench:worst: adversarial requests measured in-process (the same app as in workerd, in
// Node, with an in-memory KV): the cases a review found (near-matching long targets, long ids,
// thousands of findings, batches of page reads, hostile keys) and fast-check bodies near every
// length cap, with a fixed seed. For each request: CPU time, body and answer bytes. Targets: the
// worst request under 50 ms of CPU; a datachain answer under 10 times its body (bodies under
// 1 KiB count as 1 KiB: a fixed-size answer to a tiny body is not amplification). Rendered pages and
// page reads are meant to answer more than they are sent: they are bounded in absolute terms instead
// (100 placements and 512 KiB per render, 1 MiB per batch).
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createApp } from '../src/app.js';
import { catalogueStore } from '../src/store/catalogue-store.js';
import { inProcessEnv, NO_WAIT } from '../test/helpers/in-process.js';
import { CAPS } from '../src/domain/caps.js';
import { SessionSlots } from '../src/store/sessions.js';

const CPU_TARGET_MS = 50;
const RATIO_TARGET = 10;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const GENERATED = Number(process.env.WORST_GENERATED ?? 200);
/** Runs per review case; its CPU is the median (generated bodies run once each). */
const REPEAT = Number(process.env.WORST_REPEAT ?? 5);

const slots = new SessionSlots();
const app = createApp({ slots, store: catalogueStore });
const env = inProcessEnv();
const ctx = NO_WAIT;
const realistic = JSON.parse(readFileSync(new URL('../test/e2e/fixtures/realistic-15.json', import.meta.url), 'utf8'));
const V = 'ai@2026-08-12';

interface Case {
  name: string;
  kind: 'datachain' | 'read';
  path: string;
  body: string;
  session?: string;
}

const post = (name: string, kind: Case['kind'], path: string, value: unknown, session?: string): Case => ({
  name,
  kind,
  path,
  body: JSON.stringify(value),
  session,
});
const rpc = (name: string, kind: Case['kind'], tool: string, args: unknown, session?: string): Case =>
  post(
    name,
    kind,
    '/mcp',
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } },
    session,
  );
const withAction = (type: string, target: string) => ({
  ...realistic,
  elements: realistic.elements.map((p: any, i: number) =>
    i === 0 ? { ...p, actions: [{ type, label: [{ locale: 'en', value: 'x' }], target }] } : p,
  ),
});
const pad = (n: number) => 'a'.repeat(n);

/**
 * `realistic` with its title, description and two variable texts each `unit` repeated to the text
 * cap: text a sign lays out (zero-width spaces never fill a line; a run of stops or one long word
 * is split by graphemes), which once cost a sign render seconds.
 */
const capTexts = (unit: string) => {
  const text = [{ locale: 'en', value: unit.repeat(Math.floor(CAPS.text / unit.length)) }];
  const texts: Record<string, string> = { institution: 'title', safety_security: 'additional_description' };
  return {
    ...realistic,
    title: text,
    description: text,
    elements: realistic.elements.map((p: any) =>
      texts[p.element_id]
        ? {
            ...p,
            variables: p.variables.map((v: any) => (v.id === texts[p.element_id] ? { ...v, value: text } : v)),
          }
        : p,
    ),
  };
};
const SIGN = `/api/v2/schemas/${V}/render?format=sign&link=https://example.org/ai`;
const manyPlacements = (n: number) => ({
  ...realistic,
  elements: [
    ...realistic.elements,
    ...Array.from({ length: n }, (_, i) => ({ element_id: ['health', 'mobility', 'education', 'commerce'][i % 4] })),
  ],
});

/** The cases of the review, at the body limit where they have one. */
function reviewCases(): Case[] {
  const manyUnknown = {
    ...realistic,
    elements: [...realistic.elements, ...Array.from({ length: 2000 }, (_, i) => ({ element_id: `nope_${i}` }))],
  };
  const manyKeys = {
    ...realistic,
    ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}_${pad(10)}`, 1])),
  };
  const resolvedLongIds = {
    ...realistic,
    schema_snapshot: {
      datachain_type: { id: 'ai', name: [], categories: ['purpose'], locales: ['en'] },
      categories: [],
      elements: [],
    },
    authoring_provenance: { kind: 'ai_generated' },
    suggested_elements: Array.from({ length: 4 }, (_, i) => ({
      id: `${pad(14_000)}${i}`,
      category_id: 'purpose',
      title: [],
      description: [],
      symbol_id: 'x',
    })),
  };
  const reads = Array.from({ length: 50 }, (_, i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'resources/read',
    params: { uri: 'ui://dtpr/datachain/view.html' },
  }));
  return [
    post(
      'REST validate: URL target near-match at the cap',
      'datachain',
      `/api/v2/schemas/${V}/validate`,
      withAction('url', `https://${pad(CAPS.url - 9)} `),
    ),
    post(
      'REST validate: 58 KB URL target',
      'datachain',
      `/api/v2/schemas/${V}/validate`,
      withAction('url', `https://${pad(58_000)} `),
    ),
    post(
      'REST validate: email target near-match at the cap',
      'datachain',
      `/api/v2/schemas/${V}/validate`,
      withAction('email', `${pad(CAPS.url - 3)}@b`),
    ),
    post('REST validate: 2,000 unknown elements', 'datachain', `/api/v2/schemas/${V}/validate`, manyUnknown),
    post('REST validate: 2,000 unknown keys', 'datachain', `/api/v2/schemas/${V}/validate`, manyKeys),
    post(
      'REST validate_resolved: 56 KB of suggested ids',
      'datachain',
      `/api/v2/schemas/${V}/validate_resolved`,
      resolvedLongIds,
    ),
    post('REST resolve: realistic', 'datachain', `/api/v2/schemas/${V}/resolve`, realistic),
    // Matched against every route under /api/v2/schemas, each reading at most its own segments
    // plus one (decision 072); the memo keeps no match of a path this long.
    post('REST: a 16 KB path of 8,000 segments', 'read', `/api/v2/schemas/${'a/'.repeat(8000)}validate`, realistic),
    rpc(
      'MCP render_datachain: realistic',
      'datachain',
      'render_datachain',
      { version: V, datachain: realistic },
      'worst',
    ),
    post(
      'REST render: 100 placements (the cap)',
      'read',
      `/api/v2/schemas/${V}/render`,
      manyPlacements(100 - realistic.elements.length),
    ),
    post('REST render: 2,000 placements (over the cap)', 'read', `/api/v2/schemas/${V}/render`, manyPlacements(2000)),
    post('MCP batch: 50 reads of the page', 'read', '/mcp', reads, 'worst'),
    post('REST sign: four texts of zero-width spaces at the cap', 'read', SIGN, capTexts('\u200b')),
    post('REST sign: four texts of full stops at the cap', 'read', SIGN, capTexts('.')),
    post('REST sign: four texts of one word at the cap', 'read', SIGN, capTexts('x')),
    post('REST sign: four Khmer texts at the cap', 'read', SIGN, capTexts('ក្រុមហ៊ុន')),
  ];
}

/** fast-check datachains with strings at their caps and many placements, under the body limit. */
function generatedCases(): Case[] {
  const text = (cap: number) => fc.string({ minLength: cap - 2, maxLength: cap });
  const placement = fc.record(
    {
      element_id: fc.oneof(fc.constantFrom('health', 'institution', 'input_biometric', 'data_retained'), text(CAPS.id)),
      context_type_id: fc.option(text(CAPS.id), { nil: undefined }),
      variables: fc.array(
        fc.record({
          id: fc.constantFrom('title', 'description', 'duration', 'risk'),
          value: fc.array(fc.record({ locale: fc.constantFrom('en', 'fr'), value: text(400) }), { maxLength: 2 }),
        }),
        { maxLength: 2 },
      ),
      actions: fc.array(
        fc.record({
          type: fc.constantFrom('url', 'email', 'phone', 'form'),
          label: fc.constant([{ locale: 'en', value: 'x' }]),
          target: text(CAPS.url),
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: ['element_id'] },
  );
  const datachain = fc.record({
    elements: fc.array(placement, { minLength: 1, maxLength: 12 }),
    title: fc.array(fc.record({ locale: fc.constant('en'), value: text(CAPS.text) }), { maxLength: 1 }),
  });
  const tool = fc.constantFrom('validate', 'resolve', 'validate_resolved');
  return fc
    .sample(fc.tuple(tool, datachain), { seed: SEED, numRuns: GENERATED })
    .map(([op, dc], i) => post(`generated #${i} (${op})`, 'datachain', `/api/v2/schemas/${V}/${op}`, dc))
    .filter((c) => c.body.length <= 65_536);
}

/** CPU of one request: the median of `repeat` runs, so one collection or a busy host does not decide it. */
async function measure(c: Case, repeat = 1) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(c.session ? { 'mcp-session-id': c.session } : {}),
  };
  const times: number[] = [];
  let res!: Response;
  let answer = '';
  for (let i = 0; i < repeat; i++) {
    const before = process.cpuUsage();
    res = await app.fetch(
      new Request(`http://127.0.0.1${c.path}`, { method: 'POST', headers, body: c.body }),
      env,
      ctx,
    );
    answer = await res.text();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  const cpuMs = times.sort((a, b) => a - b)[Math.floor(repeat / 2)]!;
  const bodyBytes = Buffer.byteLength(c.body);
  const answerBytes = Buffer.byteLength(answer);
  return {
    name: c.name,
    kind: c.kind,
    status: res.status,
    cpuMs,
    bodyBytes,
    answerBytes,
    ratio: answerBytes / Math.max(bodyBytes, 1024),
  };
}

// Warm up the isolate: parse the bundles, build the pools and indexes once, as a live Worker has.
for (const c of reviewCases().slice(6, 8)) await measure(c);
const rows: Array<Awaited<ReturnType<typeof measure>>> = [];
for (const c of reviewCases()) rows.push(await measure(c, REPEAT));
for (const c of generatedCases()) rows.push(await measure(c));
const page = (await slots.read(env.SESSIONS, 'worst', 'page'))?.body ?? '';

const fmt = (r: (typeof rows)[number]) =>
  `${r.name.padEnd(52)} ${String(r.status).padStart(4)} ${r.cpuMs.toFixed(2).padStart(8)} ${String(r.bodyBytes).padStart(8)} ${String(r.answerBytes).padStart(9)} ${r.ratio.toFixed(2).padStart(7)}`;
console.log(
  `${'request'.padEnd(52)} ${'HTTP'.padStart(4)} ${'CPU ms'.padStart(8)} ${'body B'.padStart(8)} ${'answer B'.padStart(9)} ${'ratio'.padStart(7)}`,
);
for (const r of rows.slice(0, reviewCases().length)) console.log(fmt(r));
const generated = rows.slice(reviewCases().length);
console.log(`${generated.length} generated bodies near the caps (seed ${SEED}); the three slowest:`);
for (const r of [...generated].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 3)) console.log(fmt(r));
const worstCpu = rows.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
const worstRatio = rows.filter((r) => r.kind === 'datachain').reduce((a, b) => (b.ratio > a.ratio ? b : a));
const cpuMet = worstCpu.cpuMs < CPU_TARGET_MS;
const ratioMet = worstRatio.ratio < RATIO_TARGET;
console.log(
  `\nworst CPU: ${worstCpu.cpuMs.toFixed(2)} ms (${worstCpu.name}); target < ${CPU_TARGET_MS} ms: ${cpuMet ? 'met' : 'MISSED'}`,
);
console.log(
  `worst datachain answer: ${worstRatio.ratio.toFixed(2)}x its body (${worstRatio.name}); target < ${RATIO_TARGET}x: ${ratioMet ? 'met' : 'MISSED'}`,
);
console.log(`stored page of the realistic render: ${Buffer.byteLength(page)} bytes`);
process.exitCode = cpuMet && ratioMet ? 0 : 1;
