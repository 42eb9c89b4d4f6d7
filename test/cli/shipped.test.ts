import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { discoverReleases } from '../../cli/commands/build-all.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { formatFinding } from '../../cli/report.js';

const ROOT = join(PROJECT_ROOT, 'schemas');
const { releases, problems } = discoverReleases(ROOT);
const present = existsSync(ROOT) && releases.some((r) => readdirSync(r.dir).length > 0);

describe.skipIf(!present)('shipped releases', () => {
  it('have only release directories', () => {
    expect(problems).toEqual([]);
  });

  it.each(releases.map((r) => [r.id.id, r] as const))('%s validates with no errors and builds', (_id, { dir, id }) => {
    const { findings, bundle } = compileRelease(dir, id);
    const errors = findings.filter((f) => f.severity === 'error').map(formatFinding);
    expect(errors).toEqual([]);
    expect(bundle?.manifest.version).toBe(id.id);
  });

  it('include ai@2026-08-12 (stable) and ai@2026-04-16-beta', () => {
    expect(releases.map((r) => r.id.id)).toEqual(expect.arrayContaining(['ai@2026-04-16-beta', 'ai@2026-08-12']));
  });
});
