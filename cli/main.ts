import { parseArgs, USAGE, UsageError } from './args.js';
import { runBuildAll } from './commands/build-all.js';
import { runNew } from './commands/new.js';
import { runPublish } from './commands/publish.js';
import { runBuild, runValidate } from './commands/validate.js';
import type { Io } from './report.js';
import { parseVersionId, type VersionId } from '../src/core/version.js';

function versionArg(text: string | undefined): VersionId {
  const parsed = parseVersionId(text ?? '');
  if (parsed.error !== undefined) throw new UsageError(parsed.error);
  return parsed.value;
}

function publishTarget(switches: ReadonlySet<string>): 'local' | 'remote' {
  if (switches.has('local') === switches.has('remote'))
    throw new UsageError('publish needs one of --local or --remote.');
  return switches.has('local') ? 'local' : 'remote';
}

/** Runs one CLI command and returns its exit code: 0 ok, 1 content errors, 2 usage errors (publish answers a promise). */
export function runCli(argv: readonly string[], io: Io): number | Promise<number> {
  try {
    const invocation = parseArgs(argv);
    if (invocation === 'help') {
      io.out(USAGE);
      return 0;
    }
    const { command, args, flags, switches } = invocation;
    switch (command) {
      case 'validate':
        return runValidate(io, { id: versionArg(args[0]), source: flags.source });
      case 'build':
        return runBuild(io, { id: versionArg(args[0]), source: flags.source, out: flags.out });
      case 'build-all':
        return runBuildAll(io, { root: flags.root, out: flags.out, module: flags.module, embedded: flags.embedded });
      case 'new':
        return runNew(io, versionArg(args[0]), flags.root);
      case 'publish': {
        if ((args.length === 1) === switches.has('all'))
          throw new UsageError('publish takes one release id, or --all for every release under schemas/.');
        const target = publishTarget(switches);
        const id = args.length === 1 ? versionArg(args[0]) : undefined;
        return runPublish(io, {
          id,
          target,
          root: flags.root,
          persistTo: flags['persist-to'],
          warnOnly: switches.has('warn-only'),
        });
      }
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`error: ${error.message}`);
    io.err('');
    io.err(USAGE);
    return 2;
  }
}
