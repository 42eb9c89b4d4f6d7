import * as z from 'zod';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { withRelease } from './kernel/release-answer.js';
import { checkAnswer, checkResolvedDatachain, ValidOutput } from './kernel/check-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import { defineTool } from './kernel/define.js';
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
  soft: DATACHAIN_CODE_LIST,
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) =>
      checkAnswer(checkResolvedDatachain(args.datachain, release, ctx.store, ctx.deadline)),
    );
  },
});
