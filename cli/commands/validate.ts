import { join } from 'node:path';
import { compileRelease, type Step } from '../bundle/compile.js';
import { writeIfChanged } from '../bundle/write.js';
import { DEFAULTS, flagPath } from '../paths.js';
import { printFindings, shown, summaryLine, type Io } from '../report.js';
import type { VersionId } from '../../src/core/version.js';

export interface ReleaseOptions {
  id: VersionId;
  source?: string;
  out?: string;
}

function sourceDir(id: VersionId, source: string | undefined): string {
  return flagPath(source, join(DEFAULTS.root, id.type, id.dir));
}

const stepLabels = (dir: string): Record<Step, string> => ({
  read: `reading YAML from ${shown(dir)}`,
  check: 'checking authoring rules',
  bundle: 'building the bundle',
});

/** `validate`: every rule, nothing written. Exit 1 when there are errors. */
export function runValidate(io: Io, { id, source }: ReleaseOptions): number {
  const dir = sourceDir(id, source);
  const labels = stepLabels(dir);
  let n = 0;
  const { findings } = compileRelease(dir, id, (step) => {
    if (step !== 'bundle') io.out(`[${(n += 1)}/2] ${labels[step]}`);
  });
  printFindings(io, findings);
  io.out(summaryLine(findings));
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

/** `build`: validate, then write `<out>/<type>/<dir>.json`. Nothing is written when there are errors. */
export function runBuild(io: Io, { id, source, out }: ReleaseOptions): number {
  const dir = sourceDir(id, source);
  const labels = stepLabels(dir);
  let n = 0;
  const step = (label: string): void => io.out(`[${(n += 1)}/4] ${label}`);
  const { bundle, json, findings } = compileRelease(dir, id, (s) => step(labels[s]));
  if (bundle && json !== undefined) {
    const file = join(flagPath(out, DEFAULTS.out), id.type, `${id.dir}.json`);
    step(`writing ${shown(file)}`);
    writeIfChanged(file, json);
    io.out(
      `${bundle.manifest.version}  ${bundle.manifest.content_hash}  ${bundle.categories.length} categories, ` +
        `${bundle.elements.length} elements, ${Object.keys(bundle.symbols).length} symbols, ${Buffer.byteLength(json)} bytes`,
    );
  }
  printFindings(io, findings);
  io.out(summaryLine(findings));
  return bundle ? 0 : 1;
}
