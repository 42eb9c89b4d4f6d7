import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';

/**
 * Every repository path a doc names must exist, so a move cannot leave a stale doc behind. A path
 * is named in backticks or as a link target. Checked: paths from the repository root into the
 * folders below, files and folders that start with a folder of src/ (`mcp/route.ts` is
 * `src/mcp/route.ts`; `tools/list` is a method, not a path), and relative link targets.
 * Placeholders (`<name>`, `YYYY`, `*`) and URLs are not paths.
 */
const ROOTS = ['src', 'test', 'cli', 'bench', 'schemas', 'docs'];
const SRC_AREAS = readdirSync(join(PROJECT_ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const DOCS = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(PROJECT_ROOT, 'docs', 'decisions'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/decisions/${f}`),
];

const CODE = /`([^`\n]+)`/g;
const LINK = /\]\(([^)\s]+)\)/g;
const PLACEHOLDER = /[<>*{}$]|YYYY|\.\.\.|\s/;
const PATH_LIKE = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;

/** A named path as a repository-relative path, or undefined when the text does not name one. */
function pathOf(text: string, doc: string, link: boolean): string | undefined {
  const bare = text.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (bare === '' || PLACEHOLDER.test(bare) || /^[a-z]+:/i.test(bare)) return undefined;
  const path = bare.replace(/^\.\//, link ? './' : '');
  if (link) return relative(PROJECT_ROOT, join(PROJECT_ROOT, dirname(doc), path));
  if (!PATH_LIKE.test(path) || !path.includes('/')) return undefined;
  const first = path.split('/')[0]!;
  if (ROOTS.includes(first)) return path;
  if (SRC_AREAS.includes(first) && /(\.\w+|\/)$/.test(path)) return `src/${path}`;
  return undefined;
}

/** The paths a doc names that do not exist, as `doc: path`. */
function missingPaths(doc: string, text: string): string[] {
  const named = new Set<string>();
  for (const m of text.matchAll(CODE)) {
    const p = pathOf(m[1]!, doc, false);
    if (p) named.add(p);
  }
  for (const m of text.matchAll(LINK)) {
    const p = pathOf(m[1]!, doc, true);
    if (p) named.add(p);
  }
  return [...named].filter((p) => !existsSync(join(PROJECT_ROOT, p))).map((p) => `${doc}: ${p}`);
}

describe('repository paths named in the docs', () => {
  it('all exist', () => {
    expect(DOCS.length).toBeGreaterThan(20);
    const missing = DOCS.flatMap((doc) => missingPaths(doc, readFileSync(join(PROJECT_ROOT, doc), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('catches a stale path in backticks, in a link, and relative to src/', () => {
    const text = [
      'See `src/tools/common.ts`, [the pipeline](../src/tools/kernel/gone.ts) and `mcp/nowhere.ts`.',
      'Fine: `src/core/errors.ts`, `tools/kernel/invoke.ts`, [decisions](decisions/), `src/tools/<name>.ts`,',
      '`npm run gen`, `a/b`, `tools/call`, [a site](https://example.org/src/x.ts).',
    ].join('\n');
    expect(missingPaths('docs/architecture.md', text)).toEqual([
      'docs/architecture.md: src/tools/common.ts',
      'docs/architecture.md: src/mcp/nowhere.ts',
      'docs/architecture.md: src/tools/kernel/gone.ts',
    ]);
  });
});
