import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../src/app.js';
import { findTool } from '../../src/tools/registry.js';
import { JSON_GOLDENS, POST_GOLDENS, SVG_GOLDENS, withoutRequestId } from './cases.js';

/** Rewrites every golden file from the current code (run on Node: `npx tsx test/golden/regenerate.ts`). */
const dir = dirname(fileURLToPath(import.meta.url));
const app = createApp();
const env = { SESSIONS: { get: async () => null, put: async () => undefined, delete: async () => undefined } };
const json = (body: unknown) => `${JSON.stringify(withoutRequestId(body), null, 2)}\n`;

for (const [file, path] of Object.entries(JSON_GOLDENS)) {
  writeFileSync(join(dir, file), json(await (await app.request(path, {}, env)).json()));
}
for (const [file, { path, tool, body }] of Object.entries(POST_GOLDENS)) {
  if (!findTool(tool)) continue;
  const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, env);
  writeFileSync(join(dir, file), json(await res.json()));
}
for (const [file, path] of Object.entries(SVG_GOLDENS)) {
  writeFileSync(join(dir, file), await (await app.request(path, {}, env)).text());
}
console.log('golden files rewritten; review `git diff test/golden`');
