// The record of a Worker script build, and whether the script on disk is still current. Plain
// JavaScript, so that wrangler.toml's `[build]` command (cli/build/wrangler-build.mjs), which every
// `wrangler dev` runs and which mostly finds the script current, answers without loading a
// TypeScript loader (about half a second of CPU per start). cli/build/worker-script.ts writes the record.
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the parent of `cli/`). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the first stage writes the script wrangler bundles (wrangler.toml's `main`). */
export const WORKER_SCRIPT = resolve(ROOT, 'build/worker/index.js');

/** Besides the sources esbuild read, what decides the script: this build, its tools' versions, the TypeScript settings. */
export const BUILD_FILES = [
  'cli/build/worker-script.ts',
  'cli/build/eager-marks.ts',
  'cli/build/script-record.mjs',
  'package-lock.json',
  'tsconfig.json',
];

/** Where a script's build record is kept: beside it. */
export const recordOf = (outfile) => `${outfile}.inputs.json`;

/** Whether the script is built with its functions marked unless DTPR_EAGER_COMPILE is `off`. */
export const eagerByDefault = () => process.env.DTPR_EAGER_COMPILE !== 'off';

/**
 * Whether the script on disk was built in this mode (`eager`) from files none of which changed
 * after that build began to read them (a missing file counts as changed). The record
 * (`{ eager, started, inputs }`, inputs relative to the root) is written last and removed first,
 * so a build that stopped midway leaves none.
 */
export function isCurrent(outfile, eager) {
  try {
    const record = JSON.parse(readFileSync(recordOf(outfile), 'utf8'));
    if (record.eager !== eager || !existsSync(outfile) || !existsSync(`${outfile}.map`)) return false;
    return [...record.inputs, ...BUILD_FILES].every((f) => statSync(resolve(ROOT, f)).mtimeMs < record.started);
  } catch {
    return false;
  }
}

/**
 * What ships beside the script besides the releases (decision 062), by kind: the generated module
 * that imports it, a text file the content build always writes (its stamp: touched, never a
 * script input, so marking it current rebuilds nothing), and the sources they are written from.
 */
const TEXTS = {
  labels: {
    module: resolve(ROOT, 'src/store/generated/label-texts.ts'),
    stamp: resolve(ROOT, 'build/embedded/labels/view-words.labels'),
    sources: () => [
      ...readdirSync(resolve(ROOT, 'src/services/render/shared/labels')).map((f) =>
        resolve(ROOT, 'src/services/render/shared/labels', f),
      ),
      resolve(ROOT, 'src/services/render/shared/view-words.ts'),
    ],
  },
  descriptors: {
    module: resolve(ROOT, 'src/store/generated/descriptors-text.ts'),
    stamp: resolve(ROOT, 'build/embedded/tools.descriptors'),
    sources: () => [
      resolve(ROOT, 'src/tools/kernel/tool-descriptors.json'),
      resolve(ROOT, 'docs/openapi.json'),
      resolve(ROOT, 'src/tools/kernel/instance-schemas.json'),
    ],
  },
};

/** The newest modification time of the sources of `kind`. */
const newestSource = (kind) => Math.max(...TEXTS[kind].sources().map((f) => statSync(f).mtimeMs));

/**
 * Whether the texts of `kind` are written (its module and its stamp, by default the kind's own,
 * exist) and the stamp is newer than every source.
 */
export function textsCurrent(kind, stamp = TEXTS[kind].stamp, module = TEXTS[kind].module) {
  try {
    return existsSync(module) && statSync(stamp).mtimeMs > newestSource(kind);
  } catch {
    return false;
  }
}

/** Whether every kind of text beside the script is current (`textsCurrent`). */
export const allTextsCurrent = () => Object.keys(TEXTS).every((kind) => textsCurrent(kind));

/**
 * Marks the texts of `kind` written from their sources as they are now, by the time of `stamp`
 * (the writer leaves a file whose text did not change as it was, and a source saved without a
 * change would otherwise leave it behind): now, or just after the newest source if that is later.
 */
export function markTextsCurrent(stamp, kind) {
  const newest = newestSource(kind);
  if (statSync(stamp).mtimeMs > newest) return;
  const at = new Date(Math.max(Date.now(), Math.ceil(newest) + 1));
  utimesSync(stamp, at, at);
}

/**
 * The modules the Worker's script holds in another form (decision 062): `labels/shipped.js`,
 * `kernel/descriptors.js`, `rest/openapi-document.js` and `kernel/instance-schemas.js` (decision
 * 083) read or build their sources (tables, a JSON file, the OpenAPI document, the JSON Schemas);
 * the script reads the same
 * through `<module>-text.js`, from the text modules beside it. The Worker's build
 * (cli/build/worker-script.ts) and the `cold` test project (vitest.config.ts) substitute by this
 * one pattern and replacement.
 */
export const TEXT_FORM =
  /^(.*\/(?:labels\/shipped|kernel\/descriptors|openapi-document|kernel\/instance-schemas))\.js$/;
export const TEXT_FORM_REPLACEMENT = '$1-text.js';
