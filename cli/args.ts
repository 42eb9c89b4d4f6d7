import { parseArgs as parseArgv } from 'node:util';
/** Command-line grammar of `npm run schema -- <command> ...`. */
const COMMANDS = {
  validate: { args: ['version'], flags: ['source'] },
  build: { args: ['version'], flags: ['source', 'out'] },
  'build-all': { args: [], flags: ['root', 'out', 'module', 'embedded'] },
  new: { args: ['version'], flags: ['root'] },
  publish: {
    args: [],
    optional: ['version'],
    flags: ['root', 'persist-to'],
    switches: ['local', 'remote', 'all', 'warn-only'],
  },
} as const satisfies Record<
  string,
  { args: readonly string[]; optional?: readonly string[]; flags: readonly string[]; switches?: readonly string[] }
>;

type CommandName = keyof typeof COMMANDS;

export const USAGE = `Usage: npm run schema -- <command> [options]

Commands:
  validate <type>@<YYYY-MM-DD[-beta]> [--source <dir>]
      Check a release against every authoring rule (default source: schemas/<type>/<dir>).
  build <type>@<YYYY-MM-DD[-beta]> [--source <dir>] [--out <dir>]
      Validate, then write <out>/<type>/<dir>.json (default out: build/schemas).
  build-all [--root <dir>] [--out <dir>] [--module <file>] [--embedded <dir>]
      Build every release under schemas/*/*, write <out>/index.json, the modules under
      src/store/generated/ and the embedded set (schemas/embedded.json) under build/embedded.
  publish (<type>@<YYYY-MM-DD[-beta]> | --all) (--local | --remote) [--root <dir>] [--persist-to <dir>] [--warn-only]
      Build, then publish to the release bucket: --local to the one \`npm start\` serves
      (wrangler's local simulation under .wrangler/state), --remote to the deployed one.
      An unchanged release is a no-op, a beta is replaced, a published stable release is never changed.
      --warn-only: a bucket that cannot be published to (e.g. an unreadable index.json) is a
      warning and exit 0 (\`npm start\` uses it); content errors still exit 1.
  new <type>@<YYYY-MM-DD>-beta [--root <dir>]
      Draft a beta release by copying the newest release of that type.

Version ids also accept <type>/<dir> and %40 for "@".
Exit codes: 0 success, 1 content errors, 2 usage errors.`;

export interface Invocation {
  command: CommandName;
  args: string[];
  flags: Partial<Record<string, string>>;
  /** Flags that take no value, by name. */
  switches: ReadonlySet<string>;
}

export class UsageError extends Error {}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** The one-line reason for a `node:util` parse failure, in the CLI's own words. */
function reason(error: unknown, name: string, allowed: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '(--?[^']+)'/.exec(message);
  if (unknown) {
    const known = allowed.length > 0 ? ` (${name} accepts ${allowed.map((f) => `--${f}`).join(', ')})` : '';
    return `Unknown flag "${unknown[1]}"${known}.`;
  }
  const missing = /Option '(?:-\w, )?--([^ ']+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(message);
  if (missing) return `Flag --${missing[1]} needs a value.`;
  const boolean = /Option '(?:-\w, )?--([^ ']+)' does not take an argument/.exec(message);
  if (boolean) return `Flag --${boolean[1]} takes no value.`;
  return message;
}

/** Parses argv (without node and script) with `node:util` parseArgs; throws `UsageError` with a one-line reason. */
export function parseArgs(argv: readonly string[]): Invocation | 'help' {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError('Missing command.');
  if (name === 'help' || name === '--help' || name === '-h') return 'help';
  if (!isCommand(name)) throw new UsageError(`Unknown command "${name}".`);
  const spec: {
    args: readonly string[];
    optional?: readonly string[];
    flags: readonly string[];
    switches?: readonly string[];
  } = COMMANDS[name];
  const switchNames = spec.switches ?? [];
  const options = Object.fromEntries([
    ...spec.flags.map((f) => [f, { type: 'string' as const }]),
    ...switchNames.map((f) => [f, { type: 'boolean' as const }]),
  ]);
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgv({ args: [...rest], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(reason(error, name, [...spec.flags, ...switchNames]));
  }
  const flags: Partial<Record<string, string>> = {};
  const switches = new Set<string>();
  for (const [flag, value] of Object.entries(parsed.values)) {
    if (value === true) switches.add(flag);
    else if (typeof value !== 'string' || value === '' || value.startsWith('--'))
      throw new UsageError(`Flag --${flag} needs a value.`);
    else flags[flag] = value;
  }
  const args = parsed.positionals;
  if (args.length < spec.args.length) throw new UsageError(`Missing argument <${spec.args[args.length]}> for ${name}.`);
  const most = spec.args.length + (spec.optional?.length ?? 0);
  if (args.length > most) throw new UsageError(`Unexpected argument "${args[most]}" for ${name}.`);
  return { command: name, args, flags, switches };
}
