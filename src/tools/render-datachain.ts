import { z } from 'zod';
import type { Deadline } from '../core/deadline.js';
import { err, ok, type Answer } from '../core/envelope.js';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import type { DatachainInstance } from '../domain/datachain.js';
import { LINK_MAX_CHARS, RENDER_FORMATS, renderOptions, renderOutput } from '../services/render/output.js';
import { SLOT_MAX_BYTES, writeSlot } from '../services/render/slot.js';
import { releaseSource, snapshotSource, type RenderSource } from '../services/render/source.js';
import { SIGN_URI, VIEW_URI } from '../services/render/summary.js';
import type { SchemaStore } from '../store/store.js';
import { resolveVersion } from '../store/store.js';
import { ErrorItemSchema } from './envelope-schema.js';
import { checkResolvedDatachain, checkThinDatachain, datachainArg, type CheckedDatachain } from './datachain-args.js';
import { defineTool } from './define.js';
import { localeArg, versionArg } from './args.js';

const UI_META = { resourceUri: VIEW_URI, csp: { connectDomains: [], resourceDomains: [] } };

type Prepared = { checked: Extract<CheckedDatachain<DatachainInstance>, { ok: true }>; source: RenderSource };

/**
 * Checks a datachain argument for rendering (thin or resolved form, told apart by
 * `schema_snapshot`) and picks the schema content it renders from. Shared with the REST render route.
 */
export function prepareRender(version: string, datachain: Record<string, unknown>, store: SchemaStore, deadline: Deadline): Prepared | { outcome: Answer<never> } {
  const release = resolveVersion(store, version);
  if ('error' in release) return { outcome: err(release.error) };
  if ('schema_snapshot' in datachain) {
    const resolved = checkResolvedDatachain(datachain, release, store, deadline);
    if (!resolved.ok) return { outcome: resolved.outcome };
    const pinned = resolved.value.schema_version ?? release.id;
    return { checked: resolved, source: snapshotSource(resolved.value, pinned, store.release(pinned) ?? release) };
  }
  const thin = checkThinDatachain(datachain, release, store, deadline);
  if (!thin.ok) return { outcome: thin.outcome };
  return { checked: thin, source: releaseSource(release) };
}

export const renderDatachain = defineTool({
  name: 'render_datachain',
  title: 'Render a datachain as a page or a sign',
  description:
    'Validates a datachain (thin or resolved form) like validate_datachain and, when it is valid, renders it for members of the public. ' +
    `format "page" (default): an HTML page that opens with the answers people look for (who is responsible and how to reach them, what the system is for, what data it takes in, whether it can identify people, how long data is kept, their rights), then one section per category; stored for this session and read with resources/read ${VIEW_URI} (an MCP App view). ` +
    `format "sign": one printable SVG sign (the accountable party, the category icons with short labels, a QR code to \`link\`), stored as ${SIGN_URI} and returned as an embedded resource. ` +
    'Texts missing in the chosen locale fall back to another locale and are listed in data.warnings (locale_fallback). An invalid datachain is answered like validate_datachain and keeps the previous output.',
  input: z.strictObject({
    version: versionArg,
    datachain: datachainArg('thin').describe('The datachain, thin or resolved form (a resolved one has schema_snapshot).'),
    locale: localeArg.default('en'),
    format: z.enum(RENDER_FORMATS).default('page').describe('"page" (default): the HTML page. "sign": a printable SVG sign with a QR code to `link`.'),
    link: z.string().min(1).max(LINK_MAX_CHARS).optional()
      .describe('http(s) URL where the full disclosure is published; required for format "sign" (its QR code and printed link point there).'),
  }),
  output: z.object({
    resource_uri: z.enum([VIEW_URI, SIGN_URI]).describe('The session resource this render wrote.'),
    section_count: z.int(),
    element_count: z.int(),
    warnings: z.array(ErrorItemSchema),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  bucket: 'validate',
  soft: [...DATACHAIN_CODE_LIST, 'payload_too_large'],
  meta: { ui: { resourceUri: VIEW_URI }, 'ui/resourceUri': VIEW_URI },
  async run(args, ctx) {
    const options = renderOptions(args);
    if (!options.ok) return err(options.error);
    const prepared = prepareRender(args.version, args.datachain, ctx.store, ctx.deadline);
    if ('outcome' in prepared) return prepared.outcome;
    const { checked, source } = prepared;
    const out = renderOutput(checked, source, options.options);
    const bytes = new TextEncoder().encode(out.body).byteLength;
    if (bytes > SLOT_MAX_BYTES) {
      return err([{
        code: 'payload_too_large',
        message: `The rendered ${out.format} is ${bytes} bytes; a session keeps at most ${SLOT_MAX_BYTES}.`,
        path: 'elements',
        fix_hint: 'Render fewer placements or shorter texts.',
      }], checked.meta);
    }
    await Promise.all([
      writeSlot(ctx.env.SESSIONS, ctx.sessionId, out.body, out.format),
      writeSlot(ctx.env.SESSIONS, ctx.sessionId, JSON.stringify({ ...args.datachain, schema_version: source.version }), 'source'),
    ]);
    const added = out.warnings.slice(checked.warnings.length).map((w) => `${w.code}: ${w.message}`);
    const meta = { ...checked.meta, warnings: [...(checked.meta.warnings ?? []), ...added] };
    const outcome = ok({ resource_uri: out.resourceUri, section_count: out.sectionCount, element_count: out.elementCount, warnings: out.warnings }, meta);
    const text = { type: 'text', text: out.summary };
    outcome.mcp = out.format === 'sign'
      ? { content: [text, { type: 'resource', resource: { uri: SIGN_URI, mimeType: out.mime, text: out.body } }] }
      : { content: [text], _meta: { ui: UI_META } };
    return outcome;
  },
});
