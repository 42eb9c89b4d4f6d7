import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOpenApi } from '../src/rest/openapi.js';

/** The checked-in copy of the REST OpenAPI document. */
export const OPENAPI_FILE = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'docs', 'openapi.json');

/** The file text: the document the Worker serves, pretty-printed, with a final newline. */
export function openApiFileText(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

/** `npm run docs:openapi` writes the file; `-- --check` exits 1 when the file is stale instead. */
function main(argv: readonly string[]): number {
  const fresh = openApiFileText();
  let current: string | undefined;
  try { current = readFileSync(OPENAPI_FILE, 'utf8'); } catch { current = undefined; }
  if (argv.includes('--check')) {
    if (current === fresh) return 0;
    console.error('docs/openapi.json is stale: run `npm run docs:openapi` and commit the result.');
    return 1;
  }
  if (current !== fresh) writeFileSync(OPENAPI_FILE, fresh);
  console.log(current === fresh ? 'docs/openapi.json is up to date' : 'wrote docs/openapi.json');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
