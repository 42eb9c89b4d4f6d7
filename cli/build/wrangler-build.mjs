// wrangler.toml's `[build]` command, run by every `wrangler dev` and `wrangler deploy`: a script
// that is current is left as it is, decided in plain JavaScript; otherwise the TypeScript loader
// is registered and cli/build/worker-script.ts builds it (decision 057).
// What ships beside the script besides the releases (the locales' wording and the tool
// descriptors, decision 062) is text modules the content build writes; when a source changed after
// they were written (an edit while `npm start` runs, or `npm run gen`), they are written again here
// first, so a server never serves text older than its sources.
// A fresh clone has no content build yet (src/store/generated/ is not checked in): a bare
// `wrangler dev` or `wrangler deploy` runs it first, as `npm start` does, instead of failing to
// resolve the generated modules.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { allTextsCurrent, eagerByDefault, isCurrent, WORKER_SCRIPT } from './script-record.mjs';

/** Registers the TypeScript loader, once. */
let typescript;
const loadTypeScript = () => (typescript ??= import('tsx/esm/api').then(({ register }) => register()));

// The generated modules, and what the content build writes under build/ that they import.
const GENERATED = [
  ...['bundles', 'embedded', 'embedded-files', 'label-texts', 'descriptors-text'].map(
    (name) => `../../src/store/generated/${name}.ts`,
  ),
  '../../build/schemas/index.json',
  '../../build/embedded/tools.descriptors',
  '../../build/embedded/openapi.descriptors',
  '../../build/embedded/instance-schemas.data',
  '../../build/embedded/releases',
].map((path) => new URL(path, import.meta.url));
if (!GENERATED.every((file) => existsSync(file))) {
  await loadTypeScript();
  const [{ runBuildAll }, { consoleIo }] = await Promise.all([
    import('../commands/build-all.ts'),
    import('../report.ts'),
  ]);
  console.log('no content build yet: building the releases under schemas/ first (as `npm run gen -- bundles` does)');
  if (runBuildAll(consoleIo, {}) !== 0) process.exit(1);
}

if (!allTextsCurrent()) {
  await loadTypeScript();
  const [{ writeTextsBeside }, { DEFAULTS }] = await Promise.all([
    import('../commands/build-all.ts'),
    import('../paths.ts'),
  ]);
  writeTextsBeside(DEFAULTS.embedded, DEFAULTS.module);
  console.log("wrote the texts beside the script (the locales' wording, the tool descriptors)");
}

const where = relative(process.cwd(), WORKER_SCRIPT);
if (isCurrent(WORKER_SCRIPT, eagerByDefault())) {
  console.log(`${where} is current`);
} else {
  await loadTypeScript();
  const { buildWorkerScript } = await import('./worker-script.ts');
  // Checked again there: another `wrangler dev` may have built it meanwhile.
  const { built, counts } = await buildWorkerScript();
  const what = counts
    ? `${counts.expressions + counts.arrows + counts.declarations + counts.methods} functions marked for eager compilation`
    : 'unmarked (DTPR_EAGER_COMPILE=off)';
  console.log(built ? `wrote ${where}: ${what}` : `${where} is current`);
}
