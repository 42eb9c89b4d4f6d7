import * as z from 'zod';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { ok, err } from '../core/envelope.js';
import { resolveDatachain } from '../services/validator/resolver.js';
import { withRelease } from './kernel/release-answer.js';
import { checkThinDatachain } from './kernel/check-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import { defineTool } from './kernel/define.js';
import { versionArg } from './args.js';

const ResolvedOutput = z.looseObject({
  schema_version: z.string(),
  elements: z.array(z.unknown()),
  schema_snapshot: z.looseObject({
    datachain_type: z.looseObject({ id: z.string() }),
    categories: z.array(z.looseObject({ id: z.string() })),
    elements: z.array(z.looseObject({ id: z.string() })),
  }),
  suggested_elements: z.array(z.unknown()),
});

/**
 * How much of the request limit a result may take, as compact UTF-8 JSON, before it is said to be
 * near it: a client may send it back with escapes (`\uXXXX` for every non-ASCII character, as
 * Python's json does) and spaces, inside a JSON-RPC call or beside export options.
 */
const SENT_BACK_SHARE = 0.75;

/**
 * The warning of a result too large to send back: a request body is capped (BODY_LIMIT_BYTES, 64 KiB
 * by default) below the resolve cap (512 KiB), so the tools that take a resolved datachain would
 * refuse it whole; they take the thin datachain instead (validate_datachain checks it).
 */
const overRequestLimit = (bytes: number, limit: number) =>
  `request_limit: this resolved datachain is ${bytes} bytes as compact JSON and a request may be at most ${limit} bytes, so ` +
  'validate_resolved, render_datachain and export_datachain may refuse it sent back whole (escaped or spaced JSON is larger). ' +
  'Check the thin datachain with validate_datachain, and send render_datachain and export_datachain the thin datachain.';

export const resolveDatachainTool = defineTool({
  name: 'resolve_datachain',
  title: 'Resolve a datachain',
  description:
    'Validates a thin datachain like validate_datachain, then returns it self-contained: the same datachain plus ' +
    'schema_snapshot (the datachain type, the categories it uses and the required ones, and the elements it places, sorted by id) ' +
    'and suggested_elements: [] (an AI author may add proposed elements there, with authoring_provenance.kind "ai_generated"; ' +
    'check the result with validate_resolved). authoring_provenance passes through unchanged. Invalid datachains get ok:false ' +
    'with the same errors as validate_datachain; a result over 512 KiB is a payload_too_large answer. A request is capped at ' +
    '64 KiB by default, so a result near or over that cannot be sent back whole (meta.warnings says so): give render_datachain ' +
    'and export_datachain the thin datachain, and check it with validate_datachain. Output is byte-stable.',
  input: z.strictObject({ version: versionArg, datachain: datachainArg('thin') }),
  output: ResolvedOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'resolve',
  soft: [...DATACHAIN_CODE_LIST, 'payload_too_large'],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const checked = checkThinDatachain(args.datachain, release, ctx.store, ctx.deadline);
      if (!checked.ok) return checked.outcome;
      const result = resolveDatachain(checked.value, release, ctx.deadline);
      if (!result.ok) return err([result.error], checked.meta);
      if (result.bytes > ctx.limits.bodyBytes * SENT_BACK_SHARE)
        checked.meta.warnings!.push(overRequestLimit(result.bytes, ctx.limits.bodyBytes));
      return ok(result.resolved, checked.meta);
    });
  },
});
