import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRelease } from '../../cli/bundle/compile.js';
import { discoverReleases } from '../../cli/commands/build-all.js';
import { buildVersionIndex } from '../../cli/bundle/version-index.js';
import { compareNewestFirst } from '../../src/core/version.js';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { formatFinding } from '../../cli/report.js';

const ROOT = join(PROJECT_ROOT, 'schemas');
const { releases, problems } = discoverReleases(ROOT);
const present = existsSync(ROOT) && releases.some((r) => readdirSync(r.dir).length > 0);
/** Each release is compiled once for the whole file. */
const compiled = new Map<string, ReturnType<typeof compileRelease>>();
const compile = ({ dir, id }: (typeof releases)[number]) => {
  let result = compiled.get(id.id);
  if (!result) compiled.set(id.id, (result = compileRelease(dir, id)));
  return result;
};

describe.skipIf(!present)('shipped releases', () => {
  it('have only release directories', () => {
    expect(problems).toEqual([]);
  });

  it.each(releases.map((r) => [r.id.id, r] as const))('%s validates with no errors and builds', (_id, release) => {
    const { findings, bundle } = compile(release);
    const errors = findings.filter((f) => f.severity === 'error').map(formatFinding);
    expect(errors).toEqual([]);
    expect(bundle?.manifest.version).toBe(release.id.id);
  });

  it('include every release a published datachain may pin', () => {
    expect(releases.map((r) => r.id.id)).toEqual(
      expect.arrayContaining(['ai@2026-04-16-beta', 'ai@2026-05-06-beta', 'ai@2026-08-12', 'ai@2026-08-12-beta']),
    );
  });

  it('alias ai@latest to the newest stable and ai@latest-beta to the newest beta by date', () => {
    const bundles = releases.map((release) => compile(release).bundle!);
    const { aliases } = buildVersionIndex(bundles);
    const newest = (beta: boolean) =>
      releases
        .map((r) => r.id)
        .filter((id) => id.type === 'ai' && id.beta === beta)
        .sort(compareNewestFirst)[0]!.id;
    expect(aliases['ai@latest']).toBe(newest(false));
    expect(aliases['ai@latest-beta']).toBe(newest(true));
    // The shipped set as of this writing: the newest beta is newer than the newest stable.
    expect(aliases).toMatchObject({ 'ai@latest': 'ai@2026-08-12', 'ai@latest-beta': 'ai@2026-08-24-beta' });
  });
});
