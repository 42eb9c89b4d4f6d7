import * as z from 'zod';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { withRelease } from './kernel/release-answer.js';
import { checkAnswer, checkThinDatachain, ValidOutput } from './kernel/check-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import { defineTool } from './kernel/define.js';
import { versionArg } from './args.js';

export const validateDatachain = defineTool({
  name: 'validate_datachain',
  title: 'Validate a datachain',
  description:
    'Checks a datachain (thin form) against a schema version and reports its problems together: every problem of shape ' +
    '(parse_error) if it has any, else every problem with its content. An invalid datachain is an ' +
    'answer, not a tool error: ok:false with errors[], each with code, message, severity, a JSON path into the datachain ' +
    '(e.g. "elements[3].variables[0].value") and a fix_hint saying exactly what to change. A valid one answers ' +
    'data {ok:true, warnings:[...]}. meta.warnings lists non-blocking findings as short strings. Fix and call again until ok.',
  input: z.strictObject({ version: versionArg, datachain: datachainArg('thin') }),
  output: ValidOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'validate',
  soft: DATACHAIN_CODE_LIST,
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) =>
      checkAnswer(checkThinDatachain(args.datachain, release, ctx.store, ctx.deadline)),
    );
  },
});
