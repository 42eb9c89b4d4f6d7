import * as z from 'zod';
import { ERROR_CODE_LIST } from '../../core/errors.js';

export const ErrorItemSchema = z.object({
  code: z.enum(ERROR_CODE_LIST).describe('One code of the closed list in docs/errors.md.'),
  message: z.string(),
  path: z.string().optional(),
  fix_hint: z.string().optional(),
  retryable: z.boolean().optional(),
  severity: z.enum(['error', 'warning']).optional(),
});

export const MetaSchema = z.object({
  version: z.string().optional(),
  content_hash: z.string().optional(),
  next_cursor: z.string().nullable().optional(),
  warnings: z.array(z.string()).optional(),
  truncated: z
    .int()
    .min(1)
    .optional()
    .describe(
      'How many findings this answer leaves out: at most 100 errors and 100 warnings are listed; fix those and validate again.',
    ),
  request_id: z.string().optional(),
});

/**
 * The envelope a tool answers with, success and failure alike: MCP clients validate
 * `structuredContent` against this even when `isError` is set.
 */
export function envelopeSchema(data: z.ZodType) {
  return z.strictObject({
    ok: z.boolean(),
    data: data.optional(),
    errors: z.array(ErrorItemSchema).optional(),
    meta: MetaSchema,
  });
}
