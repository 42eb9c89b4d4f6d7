import { runBuildAll } from '../../cli/commands/build-all.js';

/** Builds the content bundles the Worker embeds before any test file is loaded. */
export default function setup(): void {
  const lines: string[] = [];
  const code = runBuildAll({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, {});
  if (code !== 0) throw new Error(`building the content bundles failed:\n${lines.join('\n')}`);
}
