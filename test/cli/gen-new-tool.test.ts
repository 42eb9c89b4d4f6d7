import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';

const TSX = createRequire(import.meta.url).resolve('tsx/cli');

/** What `npm run gen` reads: the code, the content, the docs and goldens it rewrites. */
const COPIED = ['src', 'cli', 'schemas', 'docs', 'test', 'package.json', 'tsconfig.json'];

/** A tool that exists only in code: its file, its registry entry and its route row, before any `gen`. */
const NEW_TOOL = `import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { versionArg } from './args.js';
import { defineTool } from './kernel/define.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';

export const echoVersion = defineTool({
  name: 'echo_version',
  title: 'Echo a version',
  description: 'Answers the canonical id of a version.',
  input: z.strictObject({ version: versionArg }),
  output: z.object({ version: z.string() }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => ok({ version: release.id }, releaseMeta(release)));
  },
});
`;

function patch(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text, `${file} holds ${from}`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe('npm run gen with a tool added in code only', () => {
  const root = mkdtempSync(join(tmpdir(), 'dtpr-gen-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds the descriptors and the OpenAPI document from the registry and the route table', () => {
    for (const entry of COPIED) {
      cpSync(join(PROJECT_ROOT, entry), join(root, entry), {
        recursive: true,
        filter: (src) => !src.includes(`${join('src', 'store', 'generated')}`),
      });
    }
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    writeFileSync(join(root, 'src/tools/echo-version.ts'), NEW_TOOL);
    const registry = join(root, 'src/tools/kernel/registry.ts');
    patch(
      registry,
      "import { getElement } from '../get-element.js';",
      "import { echoVersion } from '../echo-version.js';\nimport { getElement } from '../get-element.js';",
    );
    patch(registry, '  getTranslationStatus,\n] as const;', '  getTranslationStatus,\n  echoVersion,\n] as const;');
    patch(
      join(root, 'src/rest/route-table.ts'),
      'export const JSON_ROUTES: readonly JsonRoute[] = [',
      "export const JSON_ROUTES: readonly JsonRoute[] = [\n  { method: 'GET', path: '/schemas/:version/echo', tool: 'echo_version', query: [], tag: 'schemas' },",
    );

    const gen = spawnSync(process.execPath, [TSX, 'cli/gen/main.ts'], { cwd: root, encoding: 'utf8' });
    expect(gen.status, gen.stderr + gen.stdout).toBe(0);

    const descriptors = JSON.parse(readFileSync(join(root, 'src/tools/kernel/tool-descriptors.json'), 'utf8'));
    expect(descriptors.map((d: { name: string }) => d.name)).toContain('echo_version');
    const openapi = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
    const operation = openapi.paths['/api/v2/schemas/{version}/echo']?.get;
    expect(operation?.operationId).toBe('echo_version');
    expect(operation?.summary).toBe('Echo a version');
    expect(operation?.parameters.map((p: { name: string }) => p.name)).toEqual(['version']);

    const check = spawnSync(process.execPath, [TSX, 'cli/gen/main.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(check.status, check.stderr + check.stdout).toBe(0);
  });
});
