import * as z from 'zod';
import { ok } from '../core/envelope.js';
import type { ToolDef } from './kernel/define.js';
import { type RenderInput, renderChecked } from './render-core.js';
import { renderDatachain } from './render-datachain.js';

/**
 * The REST twin of render_datachain (its arguments, checks and soft codes, spread in), answering the
 * rendered page or sign itself (for `POST /schemas/{version}/render`) instead of storing it in a
 * session. Not listed in tools/list.
 */
export const renderBody: ToolDef<
  'render_datachain',
  typeof RenderInput,
  z.ZodObject<{ mime: z.ZodString; body: z.ZodString }>
> = {
  ...renderDatachain,
  output: z.object({ mime: z.string(), body: z.string() }),
  run(args, ctx) {
    const rendered = renderChecked(args, ctx);
    if ('answer' in rendered) return rendered.answer;
    return ok({ mime: rendered.out.mime, body: rendered.out.body }, rendered.meta);
  },
};
