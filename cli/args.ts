/** Command-line grammar of `npm run schema -- <command> ...`. */
const COMMANDS = {
  validate: { args: ['version'], flags: ['source'] },
  build: { args: ['version'], flags: ['source', 'out'] },
  'build-all': { args: [], flags: ['root', 'out', 'module'] },
  new: { args: ['version'], flags: ['root'] },
} as const satisfies Record<string, { args: readonly string[]; flags: readonly string[] }>;

type CommandName = keyof typeof COMMANDS;

export const USAGE = `Usage: npm run schema -- <command> [options]

Commands:
  validate <type>@<YYYY-MM-DD[-beta]> [--source <dir>]
      Check a release against every authoring rule (default source: schemas/<type>/<dir>).
  build <type>@<YYYY-MM-DD[-beta]> [--source <dir>] [--out <dir>]
      Validate, then write <out>/<type>/<dir>.json (default out: build/schemas).
  build-all [--root <dir>] [--out <dir>] [--module <file>]
      Build every release under schemas/*/*, write <out>/index.json and the embedded
      module src/store/generated/bundles.ts.
  new <type>@<YYYY-MM-DD>-beta [--root <dir>]
      Draft a beta release by copying the newest release of that type.

Version ids also accept <type>/<dir> and %40 for "@".
Exit codes: 0 success, 1 content errors, 2 usage errors.`;

export interface Invocation {
  command: CommandName;
  args: string[];
  flags: Partial<Record<string, string>>;
}

export class UsageError extends Error {}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** Parses argv (without node and script); throws `UsageError` with a one-line reason. */
export function parseArgs(argv: readonly string[]): Invocation | 'help' {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('Missing command.');
  if (name === 'help' || name === '--help' || name === '-h') return 'help';
  if (!isCommand(name)) throw new UsageError(`Unknown command "${name}".`);
  const spec = COMMANDS[name];
  const allowed: readonly string[] = spec.flags;
  const args: string[] = [];
  const flags: Partial<Record<string, string>> = {};
  for (let i = 0; i < rest.length; i += 1) {
    const token = rest[i] ?? '';
    if (!token.startsWith('--')) {
      args.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const flag = token.slice(2, eq === -1 ? undefined : eq);
    if (!allowed.includes(flag)) {
      const known = allowed.length > 0 ? ` (${name} accepts ${allowed.map((f) => `--${f}`).join(', ')})` : '';
      throw new UsageError(`Unknown flag "--${flag}"${known}.`);
    }
    const value = eq === -1 ? rest[(i += 1)] : token.slice(eq + 1);
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) {
      throw new UsageError(`Flag --${flag} needs a value.`);
    }
    flags[flag] = value;
  }
  if (args.length < spec.args.length) throw new UsageError(`Missing argument <${spec.args[args.length]}> for ${name}.`);
  if (args.length > spec.args.length)
    throw new UsageError(`Unexpected argument "${args[spec.args.length]}" for ${name}.`);
  return { command: name, args, flags };
}
