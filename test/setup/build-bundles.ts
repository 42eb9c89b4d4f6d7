import type { TestProject } from 'vitest/node';
import { runBuildAll } from '../../cli/commands/build-all.js';
import { releaseBucketObjects } from './release-bucket.js';

/**
 * Builds the content bundles the Worker embeds before any test file is loaded, once per run. When
 * the cold project runs, it is handed what publishing those releases writes to the release bucket.
 */
export default async function setup(root: TestProject): Promise<void> {
  const lines: string[] = [];
  const code = runBuildAll({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, {});
  if (code !== 0) throw new Error(`building the content bundles failed:\n${lines.join('\n')}`);
  const cold = root.vitest.projects.find((p) => p.name === 'cold');
  if (cold) cold.provide('releaseBucket', await releaseBucketObjects());
}
