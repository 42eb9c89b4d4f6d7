import { z } from 'zod';
import { ResolvedDatachainInstance } from '../domain/datachain-resolved.js';
import { checkResolved } from '../services/validator/engine.js';
import { withRelease } from './common.js';
import { checkOutcome, datachainArg, parseDatachain, ValidOutput } from './datachain-args.js';
import { defineTool } from './define.js';
import { versionArg } from './args.js';

export const validateResolved = defineTool({
  name: 'validate_resolved',
  title: 'Validate a resolved datachain',
  description:
    'Checks a resolved datachain (resolve_datachain output, possibly with suggested_elements added by an AI author). ' +
    'Placements are checked against schema_snapshot.elements plus suggested_elements with the same rules as validate_datachain; ' +
    'suggested elements need authoring_provenance.kind "ai_generated" and ids no schema element uses; the snapshot must keep ' +
    'every required category, and when its schema_version is served here every snapshot item must match it (snapshot_drift). ' +
    'Answers like validate_datachain: ok:false with errors[] (soft), or data {ok:true, warnings}.',
  input: z.strictObject({ version: versionArg, datachain: datachainArg('resolved') }),
  output: ValidOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'resolve',
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const parsed = parseDatachain(ResolvedDatachainInstance, args.datachain);
      if (!parsed.ok) return checkOutcome(release, [...parsed.errors, ...parsed.warnings]);
      const served = ctx.store.release(parsed.value.schema_version ?? release.id);
      return checkOutcome(release, [...parsed.warnings, ...checkResolved(parsed.value, release, served)]);
    });
  },
});
