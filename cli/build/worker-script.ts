// The Worker script's first build stage, run by wrangler.toml's `[build]` command
// (cli/build/wrangler-build.mjs) when `wrangler dev` and `wrangler deploy` start, before they bundle
// `main` (decision 057). It bundles src/index.ts as wrangler
// would (the same module conditions and language target), marks the functions for V8's eager
// compilation (cli/build/eager-marks.ts), and writes build/worker/index.js. wrangler's own pass
// then minifies it, sets its defines and uploads the embedded set's modules beside it;
// esbuild keeps a function's wrapping parentheses through that pass, so the marks survive. The
// script's source map leads back to src/ (the marks' map composed with the bundle's), and wrangler's
// pass follows it, so the deployed script's map names the source files.
// `DTPR_EAGER_COMPILE=off` writes the script unmarked (`npm run bench:eager` builds both).
// A script none of whose files changed after its build began to read them is left as it is: several
// `wrangler dev`s start at once in the end-to-end run, and a rewritten script would reload the ones
// already serving. That check and the build's record are in cli/build/script-record.mjs, which
// wrangler.toml's `[build]` command (cli/build/wrangler-build.mjs) runs without TypeScript.
import type { Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { PROJECT_ROOT as ROOT } from '../paths.js';
import type { MarkCounts } from './eager-marks.js';
import {
  eagerByDefault,
  isCurrent,
  recordOf,
  TEXT_FORM,
  TEXT_FORM_REPLACEMENT,
  WORKER_SCRIPT,
} from './script-record.mjs';

/**
 * The embedded set's packed files, the locales' fixed wording and the tool descriptors stay
 * imports, rewritten relative to the output, for wrangler to upload as text or Data modules (wrangler.toml's
 * `Text` rule): they never enter the script. The modules that read the wording's tables
 * (`labels/shipped.ts`) and the descriptors' JSON file (`kernel/descriptors.ts`) are replaced by
 * the ones that read those text modules (`shipped-text.ts`, `descriptors-text.ts`: `TEXT_FORM`,
 * decision 062).
 */
function textModulesBeside(outfile: string): Plugin {
  return {
    name: 'text-modules-beside',
    setup(b) {
      b.onResolve({ filter: TEXT_FORM }, (args) => ({
        path: resolve(args.resolveDir, args.path.replace(TEXT_FORM, TEXT_FORM_REPLACEMENT).replace(/\.js$/, '.ts')),
      }));
      b.onResolve({ filter: /\.(release|labels|descriptors|data)$/ }, (args) => {
        const path = relative(dirname(outfile), resolve(args.resolveDir, args.path));
        return { path: path.startsWith('.') ? path : `./${path}`, external: true };
      });
    },
  };
}

/** zod's classic schemas, whose JSON Schema imports the Worker's build leads to `zod-without-json-schema.js`. */
const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const ZOD_JSON_SCHEMA = /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/;
const WITHOUT_JSON_SCHEMA = resolve(ROOT, 'cli/build/zod-without-json-schema.js');

/**
 * zod without its JSON Schema converters (decision 083): the two modules zod's classic schemas
 * import for them resolve, for those schemas only, to `zod-without-json-schema.js`, whose hooks
 * throw; that stub takes `aggregateChecks` from zod's own module (by a deep path zod's exports
 * map does not list, resolved here), and the bundler leaves the rest of the converters out.
 * esbuild does not warn of a name the classic schemas read that the stub lacks (it is quiet about
 * code in node_modules): test/cli/worker-script.test.ts holds the names.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    setup(b) {
      let processors: string | undefined;
      b.onResolve({ filter: ZOD_JSON_SCHEMA }, (args) => {
        if (!ZOD_CLASSIC_SCHEMAS.test(args.importer)) return undefined;
        processors ??= resolve(dirname(args.importer), '../core/json-schema-processors.js');
        return { path: WITHOUT_JSON_SCHEMA };
      });
      b.onResolve({ filter: /^zod\/v4\/core\/json-schema-processors\.js$/ }, (args) => {
        if (args.importer !== WITHOUT_JSON_SCHEMA) return undefined;
        if (!processors) return { errors: [{ text: "zod's classic schemas were not resolved before the stub" }] };
        return { path: processors };
      });
    },
  };
}

/** The placeholder of the script's build in src/rest/conditional.ts (an answer's ETag names it). */
const BUILD_PLACEHOLDER = 'dtpr-build-0000000000000000';

/**
 * The bundle with its build written in: the first 16 hex digits of its SHA-256 in place of the
 * placeholder's zeros (as many characters: the source map's columns stay right).
 */
function stampBuild(bundled: string): string {
  if (!bundled.includes(BUILD_PLACEHOLDER)) throw new Error(`the bundle has no ${BUILD_PLACEHOLDER}: was it renamed?`);
  const id = createHash('sha256').update(bundled).digest('hex').slice(0, 16);
  return bundled.replace(BUILD_PLACEHOLDER, `dtpr-build-${id}`);
}

/** The record of a build: its mode, when it began to read, and the files it read (relative to the root). */
interface BuildRecord {
  eager: boolean;
  started: number;
  inputs: string[];
}

/** Writes a file whole: a reader sees the old text or the new, never a part (each build writes its own temporary file). */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * Builds the script unless it is current; returns where it is, whether it was built now, and how
 * many functions were marked (when built now with `eager` on).
 */
export async function buildWorkerScript({
  outfile = WORKER_SCRIPT,
  eager = eagerByDefault(),
} = {}): Promise<{ outfile: string; built: boolean; counts?: MarkCounts }> {
  if (isCurrent(outfile, eager)) return { outfile, built: false };
  rmSync(recordOf(outfile), { force: true });
  // Taken before esbuild reads a file: one written during the build is newer and builds again.
  const started = Date.now();
  // Loaded only to build: a caller (a test, a bench) that finds the script current skips them.
  const [{ build }, { markForEagerCompile }, { default: remapping }] = await Promise.all([
    import('esbuild'),
    import('./eager-marks.js'),
    import('@jridgewell/remapping'),
  ]);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/index.ts'],
    outfile,
    bundle: true,
    write: false,
    format: 'esm',
    // wrangler's own choices (its COMMON_ESBUILD_OPTIONS and build conditions), so the modules
    // resolved here are the ones its pass would resolve from src/index.ts.
    target: 'es2024',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    // Left for wrangler's pass, which sets it per command (esbuild would write "development" here).
    define: { 'process.env.NODE_ENV': 'process.env.NODE_ENV' },
    // No `__name` wrappers (wrangler.toml's keep_names = false); minified by wrangler's pass.
    keepNames: false,
    minify: false,
    legalComments: 'none',
    sourcemap: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [textModulesBeside(outfile), zodWithoutJsonSchema()],
  });
  const file = (suffix: string) => result.outputFiles.find((f) => f.path.endsWith(suffix))!.text;
  const bundled = stampBuild(file('.js'));
  const bundleMap = file('.js.map');
  const marked = eager ? markForEagerCompile(bundled) : undefined;
  const map = marked
    ? remapping(marked.out.generateMap({ hires: 'boundary', source: basename(outfile) }).toString(), (source) =>
        source === basename(outfile) ? bundleMap : null,
      ).toString()
    : bundleMap;
  mkdirSync(dirname(outfile), { recursive: true });
  writeWhole(`${outfile}.map`, map);
  writeWhole(outfile, `${marked?.out.toString() ?? bundled}\n//# sourceMappingURL=${basename(outfile)}.map\n`);
  const record: BuildRecord = { eager, started, inputs: Object.keys(result.metafile.inputs) };
  writeWhole(recordOf(outfile), JSON.stringify(record));
  return { outfile, built: true, counts: marked?.counts };
}
