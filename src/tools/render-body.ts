import * as z from 'zod';
import { ok } from '../core/envelope.js';
import type { ToolDef } from './kernel/define.js';
import { ErrorItemSchema } from './kernel/envelope-schema.js';
import { type RenderInput, renderChecked } from './render-core.js';
import { renderDatachain } from './render-datachain.js';

/**
 * The REST twin of render_datachain (its arguments, checks and soft codes, spread in), answering the
 * rendered page or sign itself (for `POST /schemas/{version}/render`) instead of storing it in a
 * session, with the render's warnings (each with its path and fix), which the route answers to a
 * client that asks for JSON. Not listed in tools/list.
 */
export const renderBody: ToolDef<
  'render_datachain',
  typeof RenderInput,
  z.ZodObject<{ mime: z.ZodString; body: z.ZodString; warnings: z.ZodArray<typeof ErrorItemSchema> }>
> = {
  ...renderDatachain,
  output: z.object({ mime: z.string(), body: z.string(), warnings: z.array(ErrorItemSchema) }),
  run(args, ctx) {
    const rendered = renderChecked(args, ctx);
    if ('answer' in rendered) return rendered.answer;
    const { mime, body, warnings } = rendered.out;
    return ok({ mime, body, warnings }, rendered.meta);
  },
};
