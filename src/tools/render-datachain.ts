import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { RENDER_URI_PREFIX, SIGN_URI, VIEW_URI } from '../services/render/summary.js';
import { ErrorItemSchema } from './kernel/envelope-schema.js';
import { defineTool } from './kernel/define.js';
import { RENDER_SOFT, RenderInput, renderChecked } from './render-core.js';

export const renderDatachain = defineTool({
  name: 'render_datachain',
  title: 'Render a datachain as a page or a sign',
  description:
    'Validates a datachain (thin or resolved form) like validate_datachain and, when it is valid, renders it for members of the public. ' +
    `format "page" (default): an HTML page that opens with the answers people look for (who is responsible and how to reach them, what the system is for, what data it takes in, whether it can identify people, how long data is kept, their rights), then one section per category; stored for this session and read with resources/read ${VIEW_URI} (an MCP App view). ` +
    `format "sign": one printable SVG sign (the accountable party, the category icons with short labels, a QR code to \`link\`), stored as ${SIGN_URI} and returned as an embedded resource. ` +
    'Texts missing in the chosen locale fall back to another locale and are listed in data.warnings (locale_fallback). An invalid datachain is answered like validate_datachain and keeps the previous output. ' +
    'REST: POST /api/v2/schemas/{version}/render answers the page or the sign itself.',
  input: RenderInput,
  output: z.object({
    resource_uri: z.enum([VIEW_URI, SIGN_URI]).describe('The session resource this render wrote.'),
    section_count: z.int(),
    element_count: z.int(),
    warnings: z.array(ErrorItemSchema),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  bucket: 'validate',
  soft: RENDER_SOFT,
  meta: { ui: { resourceUri: VIEW_URI }, 'ui/resourceUri': VIEW_URI },
  async run(args, ctx) {
    const rendered = renderChecked(args, ctx);
    if ('answer' in rendered) return rendered.answer;
    const { out, meta, source } = rendered;
    const hash = await ctx.sessions.write(
      out.format,
      out.body,
      JSON.stringify({ ...args.datachain, schema_version: source.version }),
    );
    const outcome = ok(
      {
        resource_uri: out.resourceUri,
        section_count: out.sectionCount,
        element_count: out.elementCount,
        warnings: out.warnings,
      },
      meta,
    );
    // A handle only for a kept render: a caller without a store (REST) gets none that would dangle.
    const handle = hash && `${RENDER_URI_PREFIX}${hash}.${out.format === 'sign' ? 'svg' : 'html'}`;
    outcome.extras = {
      summary: out.summary,
      artifact: { uri: out.resourceUri, mimeType: out.mime, text: out.body, handle },
    };
    return outcome;
  },
});
