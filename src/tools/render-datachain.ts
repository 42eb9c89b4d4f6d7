import * as z from 'zod';
import { err, ok } from '../core/envelope.js';
import { RENDER_URI_PREFIX, SIGN_URI, VIEW_URI } from '../store/render-uris.js';
import { ErrorItemSchema } from './kernel/envelope-schema.js';
import { defineTool } from './kernel/define.js';
import { RENDER_SOFT, RenderInput, renderChecked } from './render-core.js';

/** Resolves on the runtime's next turn of its event loop, once what the script started has been sent. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const renderDatachain = defineTool({
  name: 'render_datachain',
  title: 'Render a datachain as a page or a sign',
  description:
    'Validates a datachain (thin or resolved form) like validate_datachain and, when it is valid, renders it for members of the public. ' +
    'format "page" (default): an HTML page that opens with the answers people look for (who is responsible and how to reach them, what the system is for, what data it takes in, whether it can identify people, how long data is kept, their rights), then one section per category. ' +
    'format "sign": one printable SVG sign of exactly one sheet (`size` "a4" default, "a3", "a5"; `locales` ["en","fr"] puts two languages on it): who runs it and how to reach them, what it does, whether it can identify you, large icons that carry their answers, the rights and a QR code to `link`; what does not fit is left to the full disclosure and named in data.warnings (sign_incomplete). Also returned as an embedded resource. ' +
    `The render is kept for two hours: data.resource_uri names the resource to read it with resources/read. In a 2025 session that is the session's ${VIEW_URI} (an MCP App view) or ${SIGN_URI}; without a session (MCP 2026-07-28) it is the render's own handle, ${RENDER_URI_PREFIX}<hash>.html or .svg, which any later request can read. The answer also links that handle as a resource_link. ` +
    'Texts missing in the chosen locale fall back to another locale and are listed in data.warnings (locale_fallback). An invalid datachain is answered like validate_datachain and keeps the previous output. ' +
    'REST: POST /api/v2/schemas/{version}/render answers the page or the sign itself.',
  input: RenderInput,
  output: z.object({
    resource_uri: z
      .string()
      .optional()
      .describe(
        'The resource this caller reads the render as: the session view or sign (2025 sessions), or the render handle (no session). Absent when nothing was kept.',
      ),
    section_count: z.int(),
    element_count: z.int(),
    warnings: z.array(ErrorItemSchema),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  bucket: 'validate',
  soft: RENDER_SOFT,
  meta: { ui: { resourceUri: VIEW_URI }, 'ui/resourceUri': VIEW_URI },
  async run(args, ctx) {
    // One store for the call: its tally read starts now and goes out while the page is rendered.
    const sessions = ctx.sessions;
    if (sessions.prepare?.()) await nextTurn();
    const rendered = renderChecked(args, ctx);
    if ('answer' in rendered) return rendered.answer;
    const { out, meta, source } = rendered;
    const kept = await sessions.write(
      out.format,
      out.body,
      JSON.stringify({ ...args.datachain, schema_version: source.version }),
    );
    if (kept && 'refused' in kept) return err(kept.refused, meta);
    const outcome = ok(
      {
        ...(kept ? { resource_uri: kept.uri } : {}),
        section_count: out.sectionCount,
        element_count: out.elementCount,
        warnings: out.warnings,
      },
      meta,
    );
    outcome.extras = {
      summary: out.summary(kept?.uri),
      artifact: { uri: kept?.uri, mimeType: out.mime, text: out.body, handle: kept?.handle },
    };
    return outcome;
  },
});
