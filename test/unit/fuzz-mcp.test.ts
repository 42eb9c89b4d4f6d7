import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool, fetchWorker, JSON_HEADERS, postMcp } from '../helpers/http.js';
import { fuzzRuns } from '../helpers/fuzz.js';
import { TOOL_NAMES } from '../../src/tools/kernel/registry.js';
import { exampleArgs, type RunTool } from '../fixtures/tools/example-calls.js';

const runTool: RunTool = async (name, args) => {
  const result = await callTool(name, args);
  if (!result.structuredContent.ok)
    throw new Error(`example ${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent.data;
};
const isDatachain = (v: unknown): v is { elements: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { elements?: unknown }).elements);

const RUNS = 60;
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'nope',
];
/** Every registered tool, and one name no tool has. */
const TOOLS = [...TOOL_NAMES, 'nope'];

/** Checks one /mcp answer: never a 5xx; a JSON-RPC body (or nothing for 202/204); well-formed envelopes. */
function checkAnswer(status: number, text: string) {
  expect(status).toBeLessThan(500);
  if (status === 202 || status === 204) return expect(text).toBe('');
  const body = JSON.parse(text);
  for (const r of Array.isArray(body) ? body : [body]) {
    expect(r.jsonrpc).toBe('2.0');
    expect('result' in r !== 'error' in r).toBe(true);
    if (r.error) expect(typeof r.error.code).toBe('number');
    const env = r.result?.structuredContent;
    if (env) {
      expect(typeof env.ok).toBe('boolean');
      expect(env.meta.request_id).toEqual(expect.any(String));
      if (!env.ok)
        for (const e of env.errors)
          expect(e).toMatchObject({ code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
      expect(JSON.stringify(env)).not.toMatch(/at \w+ \(|\.ts:\d+/);
    }
  }
}

async function send(body: BodyInit, headers: Record<string, string> = {}) {
  const r = await fetchWorker('/mcp', { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body });
  checkAnswer(r.status, await r.text());
}

async function stillServes() {
  const r = await postMcp({ jsonrpc: '2.0', id: 'after', method: 'ping' });
  expect(r.json).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });
}

const rpcShaped = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.string(), fc.constant(undefined)),
    id: fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.constant(undefined),
      fc.object({ maxDepth: 1 }),
    ),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 20 }), fc.integer()),
    params: fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ name: fc.constantFrom(...TOOLS), arguments: fc.jsonValue({ maxDepth: 3 }) }),
      fc.record({
        uri: fc.oneof(
          fc.string(),
          fc.constant('ui://dtpr/datachain/view.html'),
          fc.constant('dtpr://schemas/ai@latest/elements/x'),
        ),
      }),
    ),
  },
  { requiredKeys: [] },
);

describe('fuzzing /mcp', () => {
  it('arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => send(bytes)),
      fuzzRuns(RUNS),
    );
    await stillServes();
  });
  it('arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (v) => send(JSON.stringify(v))),
      fuzzRuns(RUNS),
    );
    await stillServes();
  });
  it('JSON-RPC-shaped junk, single and batched', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(rpcShaped, fc.array(rpcShaped, { maxLength: 8 })), async (v) =>
        send(JSON.stringify(v)),
      ),
      fuzzRuns(RUNS * 2),
    );
    await stillServes();
  });
  it('deep nesting and huge inputs', async () => {
    for (const depth of [63, 64, 65, 1000, 20_000])
      await send(`{"jsonrpc":"2.0","id":1,"method":"ping","params":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    for (const size of [60_000, 70_000, 1_000_000])
      await send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'validate_datachain',
            arguments: { version: 'ai@latest', datachain: { elements: [], pad: 'x'.repeat(size) } },
          },
        }),
      );
    await send(JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }))));
    await stillServes();
  });
  it('starts from a call of every registered tool that succeeds', async () => {
    for (const name of TOOL_NAMES) {
      const result = await callTool(name, await exampleArgs(name, runTool));
      expect({ name, ok: result.structuredContent.ok }).toEqual({ name, ok: true });
    }
  });
  it('mutations of valid tool arguments', async () => {
    // A valid call of every registered tool (a new tool joins by getting an example).
    const valid = await Promise.all(TOOL_NAMES.map(async (name) => [name, await exampleArgs(name, runTool)] as const));
    const mutation = fc.tuple(
      fc.nat(valid.length - 1),
      fc.constantFrom('drop', 'replace', 'add', 'deep'),
      fc.string({ maxLength: 12 }),
      fc.jsonValue({ maxDepth: 2 }),
      fc.nat(50),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async ([which, op, key, value, at]) => {
        const [name, base] = valid[which]!;
        const args = structuredClone(base) as Record<string, unknown>;
        const keys = Object.keys(args);
        const target = keys[at % keys.length]!;
        if (op === 'drop') delete args[target];
        else if (op === 'replace') args[target] = value;
        else if (op === 'add') args[key || 'extra'] = value;
        else if (isDatachain(args.datachain)) args.datachain.elements[at % args.datachain.elements.length] = value;
        else args[target] = [value];
        // A fresh client key per call, so the validate bucket never masks the paths under test.
        await send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }), {
          'dtpr-client': crypto.randomUUID(),
        });
      }),
      fuzzRuns(RUNS * 2),
    );
    await stillServes();
  });
});

it('fuzzing runs with the seed the configuration provides (FUZZ_SEED replays another)', () => {
  expect(Number.isSafeInteger(fuzzRuns(1).seed)).toBe(true);
});
