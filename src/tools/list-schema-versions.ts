import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { VersionEntry } from '../domain/bundle.js';
import { defineTool } from './kernel/define.js';

export const listSchemaVersions = defineTool({
  name: 'list_schema_versions',
  title: 'List schema versions',
  description:
    'Lists every DTPR schema release this server serves, with its status (stable or beta), content hash and the aliases ' +
    '(such as "ai@latest") that point at it. Start here to pick the version the other tools take.',
  input: z.strictObject({
    datachain_type: z.string().min(1).max(128).optional().describe('Only versions of this datachain type, e.g. "ai".'),
  }),
  output: z.object({ versions: z.array(VersionEntry) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    const all = ctx.store.index().versions;
    const versions = args.datachain_type ? all.filter((v) => v.id.startsWith(`${args.datachain_type}@`)) : all;
    return ok({ versions });
  },
});
