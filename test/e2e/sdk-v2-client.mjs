// End-to-end: the official MCP SDK v2 client (2026-07-28) against a live server, pinned to the
// revision and in `auto` mode (which must land in the modern era). Every tool, prompt, completion
// and resource template, and a render read back by its handle, with no `initialize` and no session.
// Usage: node test/e2e/sdk-v2-client.mjs http://127.0.0.1:PORT/mcp
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { finish, step } from './steps.mjs';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:8787/mcp');
const realistic = JSON.parse(readFileSync(new URL('./fixtures/realistic-15.json', import.meta.url), 'utf8'));
const V = 'ai@2026-08-12';

/** Every request the client sends, as the server sees it: the JSON-RPC method and the headers. */
function recordingFetch(log) {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    let method;
    try {
      method = JSON.parse(String(init.body ?? '{}')).method;
    } catch {
      method = undefined;
    }
    log.push({ method, session: headers.get('mcp-session-id'), version: headers.get('mcp-protocol-version') });
    return fetch(input, init);
  };
}

/** One valid call of each tool; validate_resolved needs the resolved datachain first. */
const CALLS = {
  list_schema_versions: {},
  get_schema: { version: V },
  list_categories: { version: V, locales: ['fr'] },
  list_elements: { version: V, query: 'camera', limit: 5 },
  get_element: { version: 'ai@latest', element_id: 'people' },
  get_elements: { version: 'ai@latest', element_ids: ['accessibility', 'people'] },
  validate_datachain: { version: V, datachain: realistic },
  resolve_datachain: { version: V, datachain: realistic },
  render_datachain: { version: V, datachain: realistic },
  get_icon_url: { version: 'ai@latest', element_id: 'input_biometric', variant: 'identifiable' },
  migrate_datachain: { version: V, datachain: { ...realistic, schema_version: 'ai@2026-05-06-beta' } },
  get_translation_status: { version: 'dtpr@latest-beta', flag_status: 'all' },
  export_datachain: { version: V, datachain: realistic, format: 'dpv-jsonld' },
};

/** A value for each prompt argument this server declares. */
const PROMPT_ARGS = {
  version: V,
  locale: 'en',
  target_locale: 'fr',
  category_id: 'purpose',
  audience: 'residents',
  system_description: 'Cameras at a busy junction count cars and cyclists and time the lights.',
  datachain: JSON.stringify(realistic),
  format: 'eurocities-0.3.1',
};

async function runSurface(label, mode) {
  const log = [];
  const client = new Client({ name: 'dtpr-e2e-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(url, { fetch: recordingFetch(log) });
  await client.connect(transport);

  await step(`${label}: negotiates 2026-07-28 through server/discover`, async () => {
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    assert.ok(
      log.some((r) => r.method === 'server/discover'),
      'no server/discover was sent',
    );
    assert.match(client.getInstructions() ?? '', /list_schema_versions/);
  });

  const { tools } = await client.listTools();
  for (const tool of tools) {
    await step(`${label}: tools/call ${tool.name}`, async () => {
      let args = CALLS[tool.name];
      if (tool.name === 'validate_resolved') {
        const resolved = await client.callTool({ name: 'resolve_datachain', arguments: CALLS.resolve_datachain });
        args = { version: V, datachain: resolved.structuredContent.data };
      }
      assert.ok(args, `no example arguments for ${tool.name}`);
      const result = await client.callTool({ name: tool.name, arguments: args });
      assert.equal(result.isError, undefined, JSON.stringify(result.structuredContent?.errors ?? result).slice(0, 300));
      assert.equal(result.structuredContent.ok, true);
    });
  }

  await step(`${label}: a render is read back by its handle, with no session`, async () => {
    const result = await client.callTool({ name: 'render_datachain', arguments: CALLS.render_datachain });
    const link = result.content.find((c) => c.type === 'resource_link');
    assert.ok(link, 'no resource_link in the render result');
    const read = await client.readResource({ uri: link.uri });
    assert.match(read.contents[0].text, /Riverton smart traffic cameras/);
  });

  const { prompts } = await client.listPrompts();
  for (const prompt of prompts) {
    await step(`${label}: prompts/get ${prompt.name}`, async () => {
      const args = {};
      for (const a of prompt.arguments ?? []) {
        // No session in this era: a datachain prompt gets its datachain as an argument.
        if (a.required || a.name === 'version' || a.name === 'datachain') args[a.name] = PROMPT_ARGS[a.name];
      }
      const got = await client.getPrompt({ name: prompt.name, arguments: args });
      assert.ok(got.messages.length > 0);
    });
  }

  await step(`${label}: completion/complete of a version argument`, async () => {
    const done = await client.complete({
      ref: { type: 'ref/prompt', name: prompts[0].name },
      argument: { name: 'version', value: 'ai@2026' },
    });
    assert.ok(done.completion.values.includes(V), JSON.stringify(done.completion.values));
  });

  await step(`${label}: resource templates, read through one`, async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.ok(resourceTemplates.length >= 2);
    const read = await client.readResource({ uri: `dtpr://schemas/${V}/elements/people` });
    assert.equal(JSON.parse(read.contents[0].text).id, 'people');
  });

  await step(`${label}: no initialize, no session header, every request names its revision`, async () => {
    assert.ok(!log.some((r) => r.method === 'initialize'), 'initialize was sent');
    assert.ok(!log.some((r) => r.session), 'a session header was sent');
    assert.equal(transport.sessionId, undefined);
    const posted = log.filter((r) => r.method && r.method !== 'server/discover');
    assert.ok(
      posted.every((r) => r.version === '2026-07-28'),
      JSON.stringify(posted.slice(0, 3)),
    );
  });
  await client.close();
}

await runSurface('pinned', { pin: '2026-07-28' });
await runSurface('auto', 'auto');
finish({ exit: true });
