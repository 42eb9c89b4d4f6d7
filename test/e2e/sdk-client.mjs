// End-to-end: the official MCP SDK client over Streamable HTTP against a live server.
// Usage: node test/e2e/sdk-client.mjs http://127.0.0.1:PORT/mcp
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { finish, step } from './steps.mjs';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:8787/mcp');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

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
  [
    'get_schema',
    { version: 'ai@2026-04-16-beta', include: 'full' },
    (e) => {
      assert.equal(e.data.elements.length, 108);
      // The JSON Schemas ship beside the script, written at build time (decision 083).
      assert.equal(e.data.schema_json.DatachainInstance.title, 'DatachainInstance');
      assert.equal(Object.keys(e.data.schema_json).length, 7);
    },
  ],
  ['list_categories', { version: V, locales: ['fr'] }, (e) => assert.equal(e.data.categories.length, 12)],
  ['list_elements', { version: V, query: 'camera face', limit: 5 }, (e) => assert.ok(e.data.returned > 0)],
  [
    'list_elements',
    { version: V, category_id: 'rights', fields: ['title', 'shape'] },
    (e) => assert.equal(e.data.total, 11),
  ],
  ['get_element', { version: V, element_id: 'input_biometric' }, (e) => assert.equal(e.data.element.shape, 'circle')],
  [
    'get_elements',
    { version: V, element_ids: ['accessibility', 'people'] },
    (e) => assert.equal(Object.keys(e.data.elements).length, 2),
  ],
  [
    'get_icon_url',
    { version: V, element_id: 'input_biometric', variant: 'identifiable' },
    (e) => assert.match(e.data.url, /icon\.identifiable\.svg$/),
  ],
];
for (const [name, args, check] of reads)
  await step(`${name} ${JSON.stringify(args)}`, async () => check(await callChecked(name, args)));

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
if (tools.has('migrate_datachain')) {
  await step(
    'migrate_datachain: a 2026-05-06-beta datachain to ai@latest, finished with its hints, validates',
    async () => {
      const library = JSON.parse(
        readFileSync(new URL('../fixtures/datachains/library-2026-05-06-beta.json', import.meta.url), 'utf8'),
      );
      const e = await callChecked('migrate_datachain', { datachain: library });
      assert.equal(e.data.to, V);
      const asks = e.data.changes.filter((c) => c.needs_input);
      assert.ok(asks.some((c) => c.kind === 'category_added' && c.message.includes("'affected'")));
      const dc = e.data.datachain;
      for (const c of asks) {
        // Every hint here reads "Add <json> to <path>...": paste the JSON where it says.
        const m = /^Add (.+?) to (elements(?:\[\d+\]\.variables)?)\b/.exec(c.fix_hint);
        assert.ok(m, c.fix_hint);
        const at = m[2] === 'elements' ? dc.elements : dc.elements[Number(/\d+/.exec(m[2])[0])].variables;
        at.push(JSON.parse(m[1]));
      }
      const v = await callChecked('validate_datachain', { version: V, datachain: dc });
      assert.equal(v.ok, true, JSON.stringify(v.errors));
    },
  );
}
if (tools.has('export_datachain')) {
  await step('export_datachain: the options the coverage asks for complete a Eurocities entry', async () => {
    const datachain = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
    const args = { version: V, datachain, format: 'eurocities-0.3.1' };
    const first = await callChecked('export_datachain', args);
    const asks = first.data.coverage.filter((c) => c.status === 'needs_input');
    assert.ok(asks.length > 0 && asks.every((c) => c.fill.option));
    const values = {
      status: 'operational',
      domain: 'generic',
      risk_category: 'limited risk',
      algorithm_type: 'rule-based',
      type: 'descriptive',
    };
    const dates = ['publication_date', 'last_change_date', 'revision_date'];
    const given = Object.fromEntries(
      asks.map((c) => {
        const name = c.fill.option.replace('options.eurocities.', '');
        return [name, values[name] ?? (dates.includes(name) ? '2026-09-01' : 'Given by the author')];
      }),
    );
    const done = await callChecked('export_datachain', { ...args, options: { eurocities: given } });
    assert.equal(
      done.data.complete,
      true,
      JSON.stringify(done.data.coverage.filter((c) => c.status === 'needs_input')),
    );
  });
}
await step('ping and completion', async () => {
  await client.ping();
  const c = await client.complete({
    ref: { type: 'ref/prompt', name: 'draft_datachain' },
    argument: { name: 'version', value: 'ai@' },
  });
  assert.ok(c.completion.values.includes(V));
});

const realistic = readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8');
const promptArgs = {
  draft_datachain: { system_description: 'A city counts cars at crossings with cameras to retime traffic lights.' },
  choose_elements: {
    category_id: 'input_dataset',
    system_description: 'A city counts cars at crossings with cameras.',
  },
  audit_datachain: { datachain: realistic },
  explain_datachain: { datachain: realistic, audience: 'residents of the neighbourhood' },
  translate_datachain: { datachain: realistic, target_locale: 'fr' },
  register_entry: { datachain: realistic, format: 'eurocities-0.3.1' },
};
const prompts = new Map();
await step('prompts/list: every prompt has a title, a description and described arguments', async () => {
  const { prompts: list } = await client.listPrompts();
  for (const p of list) {
    assert.ok(p.title && p.description, p.name);
    for (const a of p.arguments) assert.ok(a.description && typeof a.required === 'boolean', `${p.name}.${a.name}`);
    prompts.set(p.name, p);
  }
  assert.deepEqual([...prompts.keys()].sort(), Object.keys(promptArgs).sort());
});
for (const [name, args] of Object.entries(promptArgs)) {
  for (const locale of ['en', 'fr']) {
    await step(`prompts/get ${name} (${locale})`, async () => {
      const r = await client.getPrompt({ name, arguments: { ...args, locale } });
      assert.ok(r.messages.length >= 1 && r.messages.every((m) => m.role === 'user' && m.content.type === 'text'));
      const text = r.messages[0].content.text;
      if (name === 'register_entry') {
        // It names the register and the tool, and lists the required fields the datachain leaves open.
        assert.match(text, /export_datachain/);
        assert.match(text, /eurocities-0\.3\.1/);
        assert.match(text, /options\.eurocities\./);
        return;
      }
      assert.match(text, /ai@\d{4}-\d{2}-\d{2}/);
      assert.match(text, /sha256-[0-9a-f]{64}/);
      assert.match(text, locale === 'fr' ? /Catégories, dans l’ordre d’affichage/ : /Categories, in display order/);
    });
  }
}
await step('prompts/get audit_datachain without a datachain uses the one rendered in this session', async () => {
  await callChecked('render_datachain', { version: V, datachain: JSON.parse(realistic) });
  const r = await client.getPrompt({ name: 'audit_datachain', arguments: {} });
  assert.match(r.messages[1].content.text, /last rendered in this session/);
  assert.match(r.messages[1].content.text, /riverton-traffic-cameras/);
});
await step('prompts/get refuses an unknown prompt and a bad argument with -32602', async () => {
  await assert.rejects(client.getPrompt({ name: 'nope' }), (e) => e.code === -32602);
  await assert.rejects(
    client.getPrompt({ name: 'choose_elements', arguments: { category_id: 'nope', system_description: 'x' } }),
    (e) => e.code === -32602 && /category/i.test(e.message),
  );
});
const expectedValues = {
  version: 'ai@latest',
  category_id: 'purpose',
  locale: 'fr',
  target_locale: 'fr',
  format: 'eurocities-0.3.1',
};
for (const [name] of Object.entries(promptArgs)) {
  await step(`completion/complete every argument of ${name}`, async () => {
    for (const arg of prompts.get(name)?.arguments ?? []) {
      const c = await client.complete({
        ref: { type: 'ref/prompt', name },
        argument: { name: arg.name, value: '' },
        context: { arguments: { version: V } },
      });
      assert.ok(Array.isArray(c.completion.values), arg.name);
      if (expectedValues[arg.name])
        assert.ok(
          c.completion.values.includes(expectedValues[arg.name]),
          `${name}.${arg.name}: ${c.completion.values}`,
        );
      else assert.deepEqual(c.completion.values, [], `${name}.${arg.name} is free text`);
    }
  });
}
await step('completion/complete: resource template arguments; unknown prompt is -32602', async () => {
  const c = await client.complete({
    ref: { type: 'ref/resource', uri: 'dtpr://schemas/{version}/elements/{element_id}' },
    argument: { name: 'element_id', value: 'input_bio' },
    context: { arguments: { version: V } },
  });
  assert.deepEqual(c.completion.values, ['input_biometric']);
  await assert.rejects(
    client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'version', value: '' } }),
    (e) => e.code === -32602,
  );
});
await transport.terminateSession();
await client.close();
finish();
