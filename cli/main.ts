import { parseArgs, USAGE, UsageError } from './args.js';
import { runBuildAll } from './commands/build-all.js';
import { runNew } from './commands/new.js';
import { runBuild, runValidate } from './commands/validate.js';
import type { Io } from './report.js';
import { parseVersionId, type VersionId } from '../src/core/version.js';

function versionArg(text: string | undefined): VersionId {
  const parsed = parseVersionId(text ?? '');
  if (parsed.error !== undefined) throw new UsageError(parsed.error);
  return parsed.value;
}

/** Runs one CLI command and returns its exit code: 0 ok, 1 content errors, 2 usage errors. */
export function runCli(argv: readonly string[], io: Io): number {
  try {
    const invocation = parseArgs(argv);
    if (invocation === 'help') {
      io.out(USAGE);
      return 0;
    }
    const { command, args, flags } = invocation;
    switch (command) {
      case 'validate':
        return runValidate(io, { id: versionArg(args[0]), source: flags.source });
      case 'build':
        return runBuild(io, { id: versionArg(args[0]), source: flags.source, out: flags.out });
      case 'build-all':
        return runBuildAll(io, { root: flags.root, out: flags.out, module: flags.module });
      case 'new':
        return runNew(io, versionArg(args[0]), flags.root);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`error: ${error.message}`);
    io.err('');
    io.err(USAGE);
    return 2;
  }
}
