// The Worker script's first build stage: wrangler.toml's `[build]` command, run by `wrangler dev` and
// `wrangler deploy` before they bundle `main` (decision 057). It bundles src/index.ts as wrangler
// would (the same module conditions and language target), marks the functions for V8's eager
// compilation (cli/build/eager-marks.ts), and writes build/worker/index.js. wrangler's own pass
// then minifies it, sets its defines and uploads the embedded set's text modules beside it;
// esbuild keeps a function's wrapping parentheses through that pass, so the marks survive. The
// script's source map leads back to src/ (the marks' map composed with the bundle's), and wrangler's
// pass follows it, so the deployed script's map names the source files.
// `DTPR_EAGER_COMPILE=off` writes the script unmarked (`npm run bench:eager` builds both).
// A script none of whose files changed after its build began to read them is left as it is: several
// `wrangler dev`s start at once in the end-to-end run, and a rewritten script would reload the ones
// already serving.
import type { Plugin } from 'esbuild';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT as ROOT } from '../paths.js';
import type { MarkCounts } from './eager-marks.js';

/** Where the first stage writes the script wrangler bundles (wrangler.toml's `main`). */
const WORKER_SCRIPT = resolve(ROOT, 'build/worker/index.js');

/**
 * The embedded set's packed files stay imports, rewritten relative to the output, for wrangler to
 * upload as text modules (wrangler.toml's `Text` rule): they never enter the script.
 */
function textModulesBeside(outfile: string): Plugin {
  return {
    name: 'text-modules-beside',
    setup(b) {
      b.onResolve({ filter: /\.release$/ }, (args) => {
        const path = relative(dirname(outfile), resolve(args.resolveDir, args.path));
        return { path: path.startsWith('.') ? path : `./${path}`, external: true };
      });
    },
  };
}

/** Besides the sources esbuild read, what decides the script: this build, its tools' versions, the TypeScript settings. */
const BUILD_FILES = ['cli/build/worker-script.ts', 'cli/build/eager-marks.ts', 'package-lock.json', 'tsconfig.json'];

/** The record of a build: its mode, when it began to read, and the files it read (relative to the root). */
interface BuildRecord {
  eager: boolean;
  started: number;
  inputs: string[];
}
const recordOf = (outfile: string) => `${outfile}.inputs.json`;

/**
 * Whether the script on disk was built in this mode from files none of which changed after that
 * build began to read them (a missing file counts as changed). The record is written last and
 * removed first, so a build that stopped midway leaves none.
 */
function isCurrent(outfile: string, eager: boolean): boolean {
  try {
    const record = JSON.parse(readFileSync(recordOf(outfile), 'utf8')) as BuildRecord;
    if (record.eager !== eager || !existsSync(outfile) || !existsSync(`${outfile}.map`)) return false;
    return [...record.inputs, ...BUILD_FILES].every((f) => statSync(resolve(ROOT, f)).mtimeMs < record.started);
  } catch {
    return false;
  }
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
  eager = process.env.DTPR_EAGER_COMPILE !== 'off',
} = {}): Promise<{ outfile: string; built: boolean; counts?: MarkCounts }> {
  if (isCurrent(outfile, eager)) return { outfile, built: false };
  rmSync(recordOf(outfile), { force: true });
  // Taken before esbuild reads a file: one written during the build is newer and builds again.
  const started = Date.now();
  // Loaded only to build: every `wrangler dev` runs this, and most find the script current.
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
    plugins: [textModulesBeside(outfile)],
  });
  const file = (suffix: string) => result.outputFiles.find((f) => f.path.endsWith(suffix))!.text;
  const bundled = file('.js');
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

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const { outfile, built, counts } = await buildWorkerScript();
  const what = counts
    ? `${counts.expressions + counts.arrows + counts.declarations + counts.methods} functions marked for eager compilation`
    : 'unmarked (DTPR_EAGER_COMPILE=off)';
  console.log(built ? `wrote ${relative(ROOT, outfile)}: ${what}` : `${relative(ROOT, outfile)} is current`);
}
