// wrangler.toml's `[build]` command, run by every `wrangler dev` and `wrangler deploy`: a script
// that is current is left as it is, decided in plain JavaScript; otherwise the TypeScript loader
// is registered and cli/build/worker-script.ts builds it (decision 057).
// The locales' fixed wording ships as text modules that the content build writes (decision 062);
// when a table changed after they were written (an edit while `npm start` runs), they are written
// again here first, so a server never serves wording older than its sources.
import { relative } from 'node:path';
import { eagerByDefault, isCurrent, labelTextsCurrent, WORKER_SCRIPT } from './script-record.mjs';

if (!labelTextsCurrent()) {
  const { register } = await import('tsx/esm/api');
  register();
  const [{ writeLabels }, { DEFAULTS }] = await Promise.all([
    import('../commands/build-all.ts'),
    import('../paths.ts'),
  ]);
  writeLabels(DEFAULTS.embedded, DEFAULTS.module);
  console.log("wrote the locales' wording beside the script");
}

const where = relative(process.cwd(), WORKER_SCRIPT);
if (isCurrent(WORKER_SCRIPT, eagerByDefault())) {
  console.log(`${where} is current`);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { buildWorkerScript } = await import('./worker-script.ts');
  // Checked again there: another `wrangler dev` may have built it meanwhile.
  const { built, counts } = await buildWorkerScript();
  const what = counts
    ? `${counts.expressions + counts.arrows + counts.declarations + counts.methods} functions marked for eager compilation`
    : 'unmarked (DTPR_EAGER_COMPILE=off)';
  console.log(built ? `wrote ${where}: ${what}` : `${where} is current`);
}
