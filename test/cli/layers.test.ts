import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, ground floor first. A module may import from its own layer and from the
 * layers below; an import that climbs fails this test. Type-only imports count: they are arrows too.
 * `middleware` sits beside the layers and may use only `core`, `store` and `app-env.ts`; `mcp` and
 * `rest` are two adapters on one floor and never import each other.
 */
const FLOORS: Record<string, number> = {
  core: 0,
  domain: 1,
  store: 2,
  services: 3,
  tools: 4,
  prompts: 5,
  mcp: 6,
  rest: 6,
};
const MIDDLEWARE_MAY_USE = new Set(['core', 'store', 'app-env.ts', 'middleware']);
/** The composition root and the Worker entry may import anything; `app-env.ts` names bindings and the store. */
const ROOTS = new Set(['app.ts', 'index.ts']);
const APP_ENV_MAY_USE = new Set(['core', 'store', 'app-env.ts']);

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The top-level part of src/ a file belongs to: a folder name, or the file name for files at the root. */
function areaOf(file: string): string {
  return relative(SRC, file).split(/[\\/]/)[0]!.replace(/\.js$/, '.ts');
}

function climbingImports(files: readonly { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { path, text } of files) {
    const from = areaOf(path);
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      const to = areaOf(normalize(join(dirname(path), spec)));
      if (from === to || ROOTS.has(from)) continue;
      if (isAllowed(from, to)) continue;
      out.push(`${relative(SRC, path)} -> ${spec}`);
    }
  }
  return out;
}

function isAllowed(from: string, to: string): boolean {
  if (ROOTS.has(to)) return false;
  if (from === 'middleware') return MIDDLEWARE_MAY_USE.has(to);
  if (from === 'app-env.ts') return APP_ENV_MAY_USE.has(to);
  if (to === 'app-env.ts') return true;
  if (to === 'middleware') return false;
  const a = FLOORS[from];
  const b = FLOORS[to];
  if (a === undefined || b === undefined) return false;
  return b < a;
}

describe('layers of src/', () => {
  const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('has no import that climbs a floor', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(climbingImports(files)).toEqual([]);
  });

  it('names every climbing arrow it is shown', () => {
    const at = (p: string) => join(SRC, p);
    const bad = [
      { path: at('core/x.ts'), text: "import type { Bundle } from '../domain/bundle.js';" },
      { path: at('store/x.ts'), text: "import { search } from '../services/search/search.js';" },
      { path: at('middleware/x.ts'), text: "import type { Tool } from '../tools/kernel/registry.js';" },
      { path: at('mcp/x.ts'), text: "export { frame } from '../middleware/frame.js';" },
      { path: at('rest/x.ts'), text: "const m = await import('../mcp/route.js');" },
      { path: at('tools/x.ts'), text: "import {\n  createApp,\n} from '../app.js';" },
    ];
    expect(climbingImports(bad)).toHaveLength(bad.length);
    const good = [
      { path: at('tools/x.ts'), text: "import { ok } from '../core/envelope.js';" },
      { path: at('middleware/x.ts'), text: "import type { AppEnv } from '../app-env.js';" },
      { path: at('app.ts'), text: "import { mcpRoutes } from './mcp/route.js';" },
    ];
    expect(climbingImports(good)).toEqual([]);
  });
});
