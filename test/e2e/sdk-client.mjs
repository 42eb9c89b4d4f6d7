// End-to-end: the official MCP SDK client over Streamable HTTP against a live server.
// Usage: node test/e2e/sdk-client.mjs http://127.0.0.1:PORT/mcp
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import assert from 'node:assert/strict';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:8787/mcp');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
let passed = 0;
let failed = 0;

async function step(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`PASS ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const client = new Client({ name: 'dtpr-e2e', version: '1.0.0' });
const transport = new StreamableHTTPClientTransport(url);
await client.connect(transport);
const tools = new Map();

await step('server identifies itself and issues a session id', async () => {
  assert.equal(client.getServerVersion()?.name, 'dtpr-server');
  assert.ok(transport.sessionId, 'no Mcp-Session-Id');
  assert.match(client.getInstructions() ?? '', /list_schema_versions/);
});
await step('tools/list: every tool has an output schema that compiles', async () => {
  const { tools: list } = await client.listTools();
  for (const t of list) {
    assert.ok(t.description && t.outputSchema && t.inputSchema.additionalProperties === false, t.name);
    tools.set(t.name, { ...t, validate: ajv.compile(t.outputSchema) });
  }
  assert.ok(list.length >= 7);
});

/** Calls a tool (the SDK validates structuredContent itself) and re-checks with our own validator. */
async function callChecked(name, args, { hard = false } = {}) {
  const result = await client.callTool({ name, arguments: args });
  const tool = tools.get(name);
  assert.ok(tool, `tool ${name} not listed`);
  assert.ok(tool.validate(result.structuredContent), `${name}: ${ajv.errorsText(tool.validate.errors)}`);
  assert.equal(Boolean(result.isError), hard, `${name}: isError=${result.isError}`);
  return result.structuredContent;
}

const V = 'ai@2026-08-12';
const reads = [
  ['list_schema_versions', {}, (e) => assert.ok(e.data.versions.some((v) => v.id === V))],
  ['get_schema', { version: 'ai@latest' }, (e) => assert.equal(e.meta.version, V)],
  ['get_schema', { version: 'ai@2026-04-16-beta', include: 'full' }, (e) => assert.equal(e.data.elements.length, 108)],
  ['list_categories', { version: V, locales: ['fr'] }, (e) => assert.equal(e.data.categories.length, 12)],
  ['list_elements', { version: V, query: 'camera face', limit: 5 }, (e) => assert.ok(e.data.returned > 0)],
  ['list_elements', { version: V, category_id: 'rights', fields: ['title', 'shape'] }, (e) => assert.equal(e.data.total, 11)],
  ['get_element', { version: V, element_id: 'input_biometric' }, (e) => assert.equal(e.data.element.shape, 'circle')],
  ['get_elements', { version: V, element_ids: ['accessibility', 'people'] }, (e) => assert.equal(Object.keys(e.data.elements).length, 2)],
  ['get_icon_url', { version: V, element_id: 'input_biometric', variant: 'identifiable' }, (e) => assert.match(e.data.url, /icon\.identifiable\.svg$/)],
];
for (const [name, args, check] of reads) await step(`${name} ${JSON.stringify(args)}`, async () => check(await callChecked(name, args)));

await step('hard failure: unknown element is isError with the envelope', async () => {
  const e = await callChecked('get_element', { version: V, element_id: 'missing_element' }, { hard: true });
  assert.equal(e.errors[0].code, 'element_not_found');
});
await step('soft failure: get_elements partial miss has data and errors, no isError', async () => {
  const e = await callChecked('get_elements', { version: V, element_ids: ['accessibility', 'missing_element'] });
  assert.equal(e.ok, false);
  assert.equal(e.data.elements.missing_element, null);
});
await step('invalid arguments are a tool error naming the key', async () => {
  const e = await callChecked('list_elements', { version: V, limit: 0 }, { hard: true });
  assert.equal(e.errors[0].path, 'limit');
});
if (tools.has('validate_datachain')) {
  await step('validate_datachain: seed 000 soft failure for elements: []', async () => {
    const e = await callChecked('validate_datachain', { version: 'ai@2026-04-16-beta', datachain: { elements: [] } });
    assert.equal(e.ok, false);
    assert.deepEqual([...new Set(e.errors.map((x) => x.code))], ['element_required']);
  });
}
await step('ping and completion', async () => {
  await client.ping();
  const c = await client.complete({ ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'version', value: 'ai@' } });
  assert.ok(c.completion.values.includes(V));
});
await transport.terminateSession();
await client.close();
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
