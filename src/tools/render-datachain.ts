import { z } from 'zod';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { err, ok } from '../core/envelope.js';
import type { DatachainInstance } from '../domain/datachain.js';
import { renderDocument } from '../services/render/document.js';
import { iconResolver } from '../services/render/icon.js';
import { SLOT_MAX_BYTES, writeSlot, writeSource } from '../services/render/slot.js';
import { releaseSource, snapshotSource, type RenderSource } from '../services/render/source.js';
import { renderSummary, VIEW_URI } from '../services/render/summary.js';
import { buildView } from '../services/render/view.js';
import { ErrorItemSchema } from './envelope-schema.js';
import { checkResolvedDatachain, checkThinDatachain, datachainArg, type CheckedDatachain } from './datachain-args.js';
import { defineTool } from './define.js';
import { localeArg, versionArg } from './args.js';
import { resolveVersion } from '../store/store.js';

const UI_META = { resourceUri: VIEW_URI, csp: { connectDomains: [], resourceDomains: [] } };

export const renderDatachain = defineTool({
  name: 'render_datachain',
  title: 'Render a datachain as a page',
  description:
    'Validates a datachain (thin or resolved form) like validate_datachain and, when it is valid, renders it as a readable ' +
    'HTML page: one section per category in display order, each placed element with its icon, text in the chosen locale ' +
    '(variables filled in), context, sources and authoring provenance. The page is stored for this session and read with ' +
    `resources/read ${VIEW_URI} (an MCP App view). An invalid datachain is answered like validate_datachain and keeps ` +
    'the previous page.',
  input: z.strictObject({
    version: versionArg,
    datachain: datachainArg('thin').describe('The datachain, thin or resolved form (a resolved one has schema_snapshot).'),
    locale: localeArg.default('en'),
  }),
  output: z.object({
    resource_uri: z.literal(VIEW_URI),
    section_count: z.int(),
    element_count: z.int(),
    warnings: z.array(ErrorItemSchema),
  }),
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false, openWorldHint: false },
  bucket: 'validate',
  soft: [...DATACHAIN_CODE_LIST, 'payload_too_large'],
  meta: { ui: { resourceUri: VIEW_URI }, 'ui/resourceUri': VIEW_URI },
  async run(args, ctx) {
    const release = resolveVersion(ctx.store, args.version);
    if ('error' in release) return err(release.error);
    let source: RenderSource;
    let checked: CheckedDatachain<DatachainInstance>;
    if ('schema_snapshot' in args.datachain) {
      const resolved = checkResolvedDatachain(args.datachain, release, ctx.store, ctx.deadline);
      if (!resolved.ok) return resolved.outcome;
      const version = resolved.value.schema_version ?? release.id;
      source = snapshotSource(resolved.value, version, ctx.store.release(version) ?? release);
      checked = resolved;
    } else {
      checked = checkThinDatachain(args.datachain, release, ctx.store, ctx.deadline);
      if (!checked.ok) return checked.outcome;
      source = releaseSource(release);
    }
    const { value, warnings, meta } = checked;
    const view = buildView(value, source, args.locale);
    const html = renderDocument(view, iconResolver(source));
    const bytes = new TextEncoder().encode(html).byteLength;
    if (bytes > SLOT_MAX_BYTES) {
      return err([{
        code: 'payload_too_large',
        message: `The rendered page is ${bytes} bytes; a session keeps at most ${SLOT_MAX_BYTES}.`,
        path: 'elements',
        fix_hint: 'Render fewer placements or shorter texts.',
      }], meta);
    }
    await Promise.all([
      writeSlot(ctx.env.SESSIONS, ctx.sessionId, html),
      writeSource(ctx.env.SESSIONS, ctx.sessionId, JSON.stringify({ ...args.datachain, schema_version: source.version })),
    ]);
    const elementCount = view.sections.reduce((n, s) => n + s.cards.length, 0);
    const outcome = ok({ resource_uri: VIEW_URI, section_count: view.sections.length, element_count: elementCount, warnings }, meta);
    outcome.mcp = { content: [{ type: 'text', text: renderSummary(view) }], _meta: { ui: UI_META } };
    return outcome;
  },
});
