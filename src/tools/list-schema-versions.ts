import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { VersionEntry } from '../domain/bundle.js';
import { defineTool } from './kernel/define.js';

const Catalogue = z.object({
  sources: z.array(z.enum(['embedded', 'bucket'])),
  note: z.string(),
});

const NOTES = {
  embedded:
    'No release bucket is bound: this deployment serves only the releases embedded in it. Releases published ' +
    'since it was deployed are not listed.',
  bucket: 'Every published release: the embedded ones, and those read from the release bucket on first use.',
  problems: 'Some of it cannot be served as published right now: meta.warnings says what, and what is served instead.',
} as const;

/** The warning for a datachain type no served release has. */
function unknownType(type: string, all: readonly VersionEntry[]): string {
  const types = [...new Set(all.map((v) => v.id.slice(0, v.id.indexOf('@'))))];
  const shown = type.length > 64 ? `${type.slice(0, 64)}…` : type;
  return `No release of datachain type '${shown}' is served here; the types served are: ${types.join(', ')} (ids are case-sensitive).`;
}

export const listSchemaVersions = defineTool({
  name: 'list_schema_versions',
  title: 'List schema versions',
  description:
    'Lists every DTPR schema release this server serves, of every datachain type ("ai", "dtpr"), each with its type, ' +
    'status (stable or beta), content hash and the aliases (such as "ai@latest" or "dtpr@latest-beta") that point at it, ' +
    'and where the catalogue comes from. Start here to pick the version the other tools take.',
  input: z.strictObject({
    datachain_type: z.string().min(1).max(128).optional().describe('Only versions of this datachain type, e.g. "ai".'),
  }),
  output: z.object({
    versions: z.array(
      VersionEntry.extend({
        datachain_type: z.string().describe('The datachain type of the release (the part of its id before "@").'),
        held: z.enum(['embedded', 'bucket']).describe('Embedded in the deployment, or read from the release bucket.'),
      }),
    ),
    catalogue: Catalogue,
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    const all = ctx.store.index().versions;
    const info = ctx.store.catalogue?.();
    const sources = info?.sources ?? ['embedded'];
    const chosen = args.datachain_type ? all.filter((v) => v.id.startsWith(`${args.datachain_type}@`)) : all;
    const versions = chosen.map((v) => ({
      ...v,
      datachain_type: v.id.slice(0, v.id.indexOf('@')),
      held: info?.holder(v.id) ?? ('embedded' as const),
    }));
    const problems = info?.problems?.() ?? [];
    const note = sources.includes('bucket') ? NOTES.bucket : NOTES.embedded;
    // An unknown type lists nothing, as upstream answers it; a warning says why, so the empty list is not read as "no releases yet".
    const warnings = chosen.length === 0 && args.datachain_type ? [unknownType(args.datachain_type, all)] : [];
    warnings.push(...problems);
    return ok(
      { versions, catalogue: { sources: [...sources], note: problems.length ? `${note} ${NOTES.problems}` : note } },
      warnings.length ? { warnings } : {},
    );
  },
});
