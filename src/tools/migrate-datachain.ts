import * as z from 'zod';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { err, ok } from '../core/envelope.js';
import { DatachainInstance } from '../domain/datachain.js';
import { CHANGE_KINDS } from '../services/migrate/change.js';
import { migrateDatachain, RESOLVED_KEYS } from '../services/migrate/migrate.js';
import { type Finding, MAX_FINDINGS } from '../services/validator/finding.js';
import { checkThin } from '../services/validator/engine.js';
import { resolveVersion } from '../store/store.js';
import { versionArg } from './args.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { parseDatachainArg } from './kernel/parse-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import { aliasPinned, servedBy } from './kernel/check-datachain.js';
import { defineTool, type ToolContext } from './kernel/define.js';
import type { Release } from '../store/release.js';

const ChangeOutput = z.object({
  path: z.string(),
  kind: z.enum(CHANGE_KINDS),
  message: z.string(),
  needs_input: z.boolean(),
  fix_hint: z.string().optional(),
  previous: z.unknown().optional(),
});

const MigrateOutput = z.object({
  from: z.string(),
  to: z.string(),
  datachain: z.looseObject({ schema_version: z.string(), elements: z.array(z.unknown()) }),
  changes: z.array(ChangeOutput),
  needs_input: z.int().min(0),
  valid: z.boolean(),
});

/** The alias hint of a migration: the id the alias names today (the datachain is refused with an alias, whatever "from" says). */
const fromAlias = (ctx: ToolContext) => (alias: string) => {
  const named = resolveVersion(ctx.store, alias);
  return named.error
    ? 'Set schema_version to the id of the release the datachain was written for (list_schema_versions lists them).'
    : `Set schema_version to the id of the release the datachain was written for ('${alias}' names '${named.value.id}' today).`;
};

/**
 * A warning when `from` names another release than the datachain's own schema_version: the
 * migration starts from `from`, as asked, but one of the two is wrong about the datachain. Only ids
 * are compared: the release the datachain names is never read for a warning.
 */
function contradiction(
  asked: string | undefined,
  pinned: string | undefined,
  from: Release,
  ctx: ToolContext,
): string[] {
  if (asked === undefined || pinned === undefined || pinned === from.id) return [];
  // Compared by id, reading no release: an alias (it ends in "latest" or "latest-beta", as no id does) through the index.
  if (/@latest(-beta)?$/.test(pinned) && ctx.store.index().aliases[pinned] === from.id) return [];
  return [
    `schema_version_mismatch: the datachain's schema_version is '${pinned.slice(0, 64)}', but it was migrated from ${from.id}, as "from" asks. Check which one it was written for; leave out "from" to start from its schema_version.`,
  ];
}

/** An unknown_key warning for a resolved part at the datachain's top level (`migrateDatachain` removes those). */
const isResolvedKey = (w: Finding) =>
  w.code === 'unknown_key' && (RESOLVED_KEYS as readonly string[]).some((k) => w.path === k);

export const migrateDatachainTool = defineTool({
  name: 'migrate_datachain',
  title: 'Move a datachain to another schema version',
  description:
    'Rewrites a thin datachain written for one schema version so it fits another (newer or older), from the two ' +
    "releases' facts; a resolved one is answered thin. " +
    'Returns the migrated datachain and changes[]: each with a path, a kind (category_added, ' +
    'category_made_required, element_removed, element_moved, element_renamed, variable_renamed, variable_split, ' +
    'variable_added, variable_made_required, variable_removed, variable_options_changed, context_values_changed, ' +
    'context_value_renamed, subchain_changed, ' +
    'provenance_changed, schema_version_set, resolved_part_removed, locale_removed), a message, and needs_input: true ' +
    'when you must ' +
    'supply or decide something, ' +
    'with a fix_hint whose JSON passes validation as written (replace its "..." texts). Removed values are kept in ' +
    'change.previous. valid says whether the migrated datachain validates as it is; apply the needs_input hints, then ' +
    'call validate_datachain.',
  input: z.strictObject({
    version: versionArg
      .describe('The version to migrate to, e.g. "ai@2026-08-12" or "ai@latest" (the default).')
      .default('ai@latest'),
    datachain: datachainArg('thin'),
    from: versionArg
      .optional()
      .describe('The version the datachain was written for (default: its schema_version, which must then be set).'),
  }),
  output: MigrateOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'validate',
  soft: DATACHAIN_CODE_LIST,
  run(args, ctx) {
    return withRelease(args.version, ctx, (to) => {
      const parsed = parseDatachainArg(DatachainInstance, args.datachain, ctx.deadline);
      if (!parsed.ok)
        return err(
          parsed.errors.map((e) => aliasPinned(e, args.datachain, fromAlias(ctx))),
          releaseMeta(to),
        );
      const fromId = args.from ?? parsed.value.schema_version;
      if (fromId === undefined) {
        return err({
          code: 'invalid_arguments',
          message: 'The datachain has no schema_version, so the version it was written for is unknown.',
          path: 'from',
          fix_hint: `Pass "from": the version the datachain was written for (one of: ${ctx.store
            .index()
            .versions.map((v) => v.id)
            .join(', ')}), or set datachain.schema_version.`,
        });
      }
      const resolved = resolveVersion(ctx.store, fromId);
      if (resolved.error)
        return err({ ...resolved.error, path: args.from !== undefined ? 'from' : 'datachain.schema_version' });
      const from = resolved.value;
      const { datachain, changes } = migrateDatachain(args.datachain, from, to);
      const check = parseDatachainArg(DatachainInstance, datachain, ctx.deadline);
      const findings = check.ok
        ? checkThin(check.value, to, { deadline: ctx.deadline, isServed: servedBy(ctx.store) })
        : [];
      const valid = check.ok && !findings.some((f) => f.severity === 'error');
      // What validate_datachain would warn of in the result (a title kept in a locale the target lacks...).
      // A place a change already asks the author about is not told twice; at most MAX_FINDINGS, as validation lists.
      const asked = changes.filter((c) => c.needs_input).map((c) => c.path);
      const told = (f: Finding) =>
        asked.some((p) => f.path === p || f.path?.startsWith(`${p}.`) || (f.path && p.startsWith(`${f.path}.`)));
      const after = findings
        .filter((f) => f.severity === 'warning' && !told(f))
        .slice(0, MAX_FINDINGS)
        .map((f) => `${f.code}: ${f.message}`);
      const data = {
        from: from.id,
        to: to.id,
        datachain: datachain as z.input<typeof MigrateOutput>['datachain'],
        changes,
        needs_input: changes.filter((c) => c.needs_input).length,
        valid,
      };
      const warnings = [
        // A resolved part is not ignored but removed, and its change says so.
        ...parsed.warnings.filter((w) => !isResolvedKey(w)).map((w) => `${w.code}: ${w.message}`),
        ...contradiction(args.from, parsed.value.schema_version, from, ctx),
        ...after,
      ];
      return ok(data, releaseMeta(to, warnings.length ? { warnings } : {}));
    });
  },
});
