/** Command-line grammar of `npm run schema -- <command> ...`. */
const COMMANDS = {
  validate: { args: ['version'], flags: ['source'] },
  build: { args: ['version'], flags: ['source', 'out'] },
  'build-all': { args: [], flags: ['root', 'out', 'module', 'assets'] },
  new: { args: ['version'], flags: ['root'] },
  publish: { args: [], optional: ['version'], flags: ['root', 'persist-to'], switches: ['local', 'remote', 'all'] },
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
  build-all [--root <dir>] [--out <dir>] [--module <file>] [--assets <dir>]
      Build every release under schemas/*/*, write <out>/index.json, the modules under
      src/store/generated/ and the embedded set (schemas/embedded.json) under build/assets.
  publish (<type>@<YYYY-MM-DD[-beta]> | --all) (--local | --remote) [--root <dir>] [--persist-to <dir>]
      Build, then publish to the release bucket: --local to the one \`npm start\` serves
      (wrangler's local simulation under .wrangler/state), --remote to the deployed one.
      An unchanged release is a no-op, a beta is replaced, a published stable release is never changed.
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

/** Parses argv (without node and script); throws `UsageError` with a one-line reason. */
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
  const allowed: readonly string[] = [...spec.flags, ...switchNames];
  const args: string[] = [];
  const flags: Partial<Record<string, string>> = {};
  const switches = new Set<string>();
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
    if (switchNames.includes(flag)) {
      if (eq !== -1) throw new UsageError(`Flag --${flag} takes no value.`);
      switches.add(flag);
      continue;
    }
    const value = eq === -1 ? rest[(i += 1)] : token.slice(eq + 1);
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) {
      throw new UsageError(`Flag --${flag} needs a value.`);
    }
    flags[flag] = value;
  }
  if (args.length < spec.args.length) throw new UsageError(`Missing argument <${spec.args[args.length]}> for ${name}.`);
  const most = spec.args.length + (spec.optional?.length ?? 0);
  if (args.length > most) throw new UsageError(`Unexpected argument "${args[most]}" for ${name}.`);
  return { command: name, args, flags, switches };
}
