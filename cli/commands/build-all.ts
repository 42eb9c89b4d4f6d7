import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Bundle } from '../../src/domain/bundle.js';
import { compileRelease } from '../bundle/compile.js';
import { generatedModule } from '../bundle/generated-module.js';
import { buildVersionIndex } from '../bundle/version-index.js';
import { writeIfChanged } from '../bundle/write.js';
import { DEFAULTS, flagPath } from '../paths.js';
import { formatFinding, shown, type Io } from '../report.js';
import { countBySeverity } from '../rules/finding.js';
import { parseDirName, type VersionId } from '../../src/core/version.js';

export interface Discovered {
  releases: { dir: string; id: VersionId }[];
  /** Directories under `<root>/<type>/` whose names are not release names. */
  problems: string[];
}

const subdirs = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();

/** Every `<root>/<type>/<YYYY-MM-DD[-beta]>` directory, sorted by type then name. */
export function discoverReleases(root: string): Discovered {
  const found: Discovered = { releases: [], problems: [] };
  if (!existsSync(root)) return found;
  for (const type of subdirs(root)) {
    for (const name of subdirs(join(root, type))) {
      const parsed = parseDirName(type, name);
      if (parsed.error === undefined) found.releases.push({ dir: join(root, type, name), id: parsed.value });
      else found.problems.push(`${shown(join(root, type, name))}: not a release directory (${parsed.error})`);
    }
  }
  return found;
}

export interface BuildAllOptions {
  root?: string;
  out?: string;
  module?: string;
}

/**
 * Builds every release; when all are error-free, writes each bundle, `<out>/index.json` and the
 * generated module. Writes nothing and returns 1 if any release has errors.
 */
export function runBuildAll(io: Io, options: BuildAllOptions): number {
  const root = flagPath(options.root, DEFAULTS.root);
  const out = flagPath(options.out, DEFAULTS.out);
  const moduleFile = flagPath(options.module, DEFAULTS.module);
  const { releases, problems } = discoverReleases(root);
  for (const problem of problems) io.out(`error    ${problem}`);
  let failed = problems.length > 0;
  const built: { id: VersionId; bundle: Bundle; json: string }[] = [];
  for (const { dir, id } of releases) {
    const { findings, bundle, json } = compileRelease(dir, id);
    const { errors, warnings } = countBySeverity(findings);
    if (bundle && json !== undefined) {
      built.push({ id, bundle, json });
      io.out(
        `built  ${id.id.padEnd(22)} ${bundle.manifest.content_hash.slice(0, 19)}…  ` +
          `${bundle.elements.length} elements, ${warnings} warning${warnings === 1 ? '' : 's'}`,
      );
    } else {
      failed = true;
      io.out(
        `FAIL   ${id.id.padEnd(22)} ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
      );
      for (const f of findings) if (f.severity === 'error') io.out(formatFinding(f));
    }
  }
  if (failed) {
    io.out('build-all failed: nothing written. Run `npm run schema -- validate <version>` for details.');
    return 1;
  }
  for (const { id, json } of built) writeIfChanged(join(out, id.type, `${id.dir}.json`), json);
  const index = buildVersionIndex(built.map((b) => b.bundle));
  writeIfChanged(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  writeIfChanged(
    moduleFile,
    generatedModule(
      built.map((b) => ({ id: b.id.id, bundle: b.bundle, json: b.json })),
      index,
      moduleFile,
    ),
  );
  io.out(
    `wrote ${built.length} bundle${built.length === 1 ? '' : 's'}, ${shown(join(out, 'index.json'))} and ${shown(moduleFile)}`,
  );
  return 0;
}
