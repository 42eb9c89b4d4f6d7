// End-to-end: the MCP Inspector CLI (v1, which runs on Node 20) calls get_elements and
// list_elements with `fields` the way a person types it on the command line. It builds each
// argument from the tool's input schema, so this fails if `fields` is not published as an array.
// Usage: node test/e2e/inspector.mjs http://127.0.0.1:PORT/mcp
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';

const url = process.argv[2] ?? 'http://127.0.0.1:8787/mcp';
// The CLI reads its own package.json through a path it checks against the working directory:
// from test/, "../package.json" exists, and the import then resolves next to the CLI.
const cwd = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/index.js', import.meta.url),
);
let passed = 0;
let failed = 0;

function call(tool, args) {
  const out = execFileSync('node', [cli, url, '--method', 'tools/call', '--tool-name', tool, '--tool-arg', ...args], {
    cwd,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}
function step(name, fn) {
  try {
    fn();
    passed++;
    console.log(`PASS ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : e}`);
  }
}

step('get_elements with fields: the elements come back projected', () => {
  const r = call('get_elements', [
    'version=ai@latest',
    'element_ids=["health","mobility"]',
    'fields=["title","shape"]',
  ]);
  assert.equal(r.isError, undefined, JSON.stringify(r).slice(0, 300));
  assert.deepEqual(Object.keys(r.structuredContent.data.elements.health), ['id', 'title', 'shape']);
});
step('list_elements with fields and a query', () => {
  const r = call('list_elements', ['version=ai@latest', 'query=cctv camera', 'fields=["category_id"]', 'limit=3']);
  assert.equal(r.structuredContent.ok, true);
  for (const e of r.structuredContent.data.elements) assert.deepEqual(Object.keys(e), ['id', 'category_id', 'match']);
});
step('an unknown field is an error that names the valid ones', () => {
  const r = call('get_elements', ['version=ai@latest', 'element_ids=["health"]', 'fields=["nope"]']);
  assert.equal(r.isError, true);
  assert.match(r.structuredContent.errors[0].message, /the fields are: all, id, category_id/);
});
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
