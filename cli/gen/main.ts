import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBuildAll, writeTextsBeside } from '../commands/build-all.js';
import { writeIfChanged } from '../bundle/write.js';
import { DEFAULTS, PROJECT_ROOT } from '../paths.js';
import { consoleIo } from '../report.js';

const USAGE = `Usage: npm run gen [-- bundles]   regenerate the content bundles and every generated file
       npm run gen:check             regenerate in memory; exit 1 when a checked-in file is stale`;

/**
 * `npm run gen`: builds the content bundles, then rewrites every generated file that changed
 * (docs, OpenAPI, golden files). `--check` writes only the bundles and lists stale files instead.
 * `bundles` stops after the bundles (what `npm start` and the e2e run need).
 */
async function main(argv: readonly string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check' && a !== 'bundles');
  if (unknown.length) {
    consoleIo.err(`gen: unknown argument ${unknown[0]}\n${USAGE}`);
    return 2;
  }
  if (runBuildAll(consoleIo, {}) !== 0) return 1;
  if (argv.includes('bundles')) return 0;
  // The generators import the Worker, which embeds the bundles just built.
  const { generatedFiles } = await import('./targets.js');
  const files = await generatedFiles();
  const check = argv.includes('--check');
  const stale: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const path = join(PROJECT_ROOT, file);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (current === text) continue;
    stale.push(file);
    if (!check) writeIfChanged(path, text);
  }
  if (check) {
    if (stale.length === 0) consoleIo.out(`gen:check: ${Object.keys(files).length} generated files are current`);
    else
      consoleIo.err(
        `gen:check: stale generated files (run \`npm run gen\` and review the diff):\n${stale.map((f) => `  ${f}`).join('\n')}`,
      );
    return stale.length ? 1 : 0;
  }
  // The tool descriptors just written ship beside the script as a text module the content build
  // wrote before them (decision 062): write it again from them.
  writeTextsBeside(DEFAULTS.embedded, DEFAULTS.module);
  consoleIo.out(
    stale.length
      ? `gen: rewrote ${stale.join(', ')}`
      : `gen: ${Object.keys(files).length} generated files already current`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
