import { payloadTooLarge } from '../core/error-catalogue.js';
import * as z from 'zod';
import type { Deadline } from '../core/deadline.js';
import { err, type Answer, type Meta } from '../core/envelope.js';
import { DATACHAIN_CODE_LIST, type ErrorCode } from '../core/errors.js';
import { utf8SizeOver } from '../core/utf8.js';
import type { DatachainInstance } from '../domain/datachain.js';
import {
  LINK_MAX_CHARS,
  RENDER_FORMATS,
  renderOptions,
  renderOutput,
  type RenderOutput,
} from '../services/render/output.js';
import { SLOT_MAX_BYTES } from '../store/sessions.js';
import { releaseSource, snapshotSource, type RenderSource } from '../services/render/view/source.js';
import { resolveVersion, type SchemaStore } from '../store/store.js';
import { localeArg, localesArg, versionArg } from './args.js';
import { SIGN_SIZES } from '../services/render/sign/sizes.js';
import { checkResolvedDatachain, checkThinDatachain, type CheckedDatachain } from './kernel/check-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import type { ToolContext } from './kernel/define.js';
import { DEFAULT_SOURCE_LOCALE, uncheckedLocale } from '../services/translations/status.js';

/** The arguments of a render, on MCP (render_datachain) and REST (POST .../render) alike. */
export const RenderInput = z.strictObject({
  version: versionArg,
  datachain: datachainArg('thin').describe(
    'The datachain, thin or resolved form (a resolved one has schema_snapshot).',
  ),
  locale: localeArg
    .default('en')
    .describe(
      'Language the page or sign is written in (default "en"); a text the datachain lacks in it is shown in another and named in data.warnings (locale_fallback).',
    ),
  format: z
    .enum(RENDER_FORMATS)
    .default('page')
    .describe('"page" (default): the HTML page. "sign": a printable SVG sign with a QR code to `link`.'),
  link: z
    .string()
    .min(1)
    .max(LINK_MAX_CHARS)
    .optional()
    .describe(
      'http(s) URL where the full disclosure is published; required for format "sign" (its QR code and printed link point there); a page shows it as where it is published.',
    ),
  size: z
    .enum(SIGN_SIZES)
    .optional()
    .describe(
      'Sign only: the sheet it is printed at, portrait: "a4" (default), "a3" (read from further away) or "a5". The sign is always exactly that sheet, with nothing within 6 mm of the edge; what does not fit is left to the full disclosure behind the QR code.',
    ),
  locales: localesArg
    .max(2)
    .optional()
    .describe(
      'Sign only: one or two locales printed on the same sheet, the first leading, e.g. ["en", "fr"] for a bilingual sign. Replaces `locale` when given.',
    ),
});

/** Most placements one render shows: far above any real disclosure, and it bounds the work and the page. */
const MAX_RENDERED_PLACEMENTS = 100;

/** What a render answers softly: anything about the datachain, and an output too large to keep. */
export const RENDER_SOFT: readonly ErrorCode[] = [...DATACHAIN_CODE_LIST, 'payload_too_large'];

type Prepared = { checked: Extract<CheckedDatachain<DatachainInstance>, { ok: true }>; source: RenderSource };

/**
 * Checks a datachain argument for rendering (thin or resolved form, told apart by
 * `schema_snapshot`) and picks the schema content it renders from.
 */
function prepareRender(
  version: string,
  datachain: Record<string, unknown>,
  store: SchemaStore,
  deadline: Deadline,
): Prepared | { answer: Answer<never> } {
  const resolvedVersion = resolveVersion(store, version);
  if (resolvedVersion.error) return { answer: err(resolvedVersion.error) };
  const release = resolvedVersion.value;
  if ('schema_snapshot' in datachain) {
    const resolved = checkResolvedDatachain(datachain, release, store, deadline);
    if (!resolved.ok) return { answer: resolved.outcome };
    const pinned = resolved.value.schema_version ?? release.id;
    return { checked: resolved, source: snapshotSource(resolved.value, pinned, store.release(pinned) ?? release) };
  }
  const thin = checkThinDatachain(datachain, release, store, deadline);
  if (!thin.ok) return { answer: thin.outcome };
  return { checked: thin, source: releaseSource(release) };
}

export type Rendered = { out: RenderOutput; meta: Meta; source: RenderSource };

/**
 * Checks the arguments and the datachain and renders it, without storing anything: the MCP tool
 * keeps the output in the session, the REST route answers it. A datachain that is not valid, or an
 * output over the size a session keeps, is the answer to send instead.
 */
export function renderChecked(
  args: z.output<typeof RenderInput>,
  ctx: ToolContext,
): Rendered | { answer: Answer<never> } {
  const options = renderOptions(args);
  if (!options.ok) return { answer: err(options.error) };
  const prepared = prepareRender(args.version, args.datachain, ctx.store, ctx.deadline);
  if ('answer' in prepared) return prepared;
  const { checked, source } = prepared;
  const placed = checked.value.elements.length;
  if (placed > MAX_RENDERED_PLACEMENTS) {
    return {
      answer: err(
        [
          payloadTooLarge({
            message: `The datachain places ${placed} elements; a page or sign shows at most ${MAX_RENDERED_PLACEMENTS}.`,
            path: 'elements',
            fix_hint:
              'Merge repeated placements or split the disclosure in several datachains; validate_datachain still checks it whole.',
          }),
        ],
        checked.meta,
      ),
    };
  }
  const opts = options.options;
  // A page in the default source locale needs no review note, nor the catalogue for it (a first
  // render reads none); any other locale's review is in the catalogue's translation records.
  const page =
    opts.format === 'page' && opts.locale !== DEFAULT_SOURCE_LOCALE
      ? { ...opts, unchecked: uncheckedLocale(ctx.store.index(), source.version, opts.locale) }
      : opts;
  const out = renderOutput(checked, source, page, ctx.deadline);
  const bytes = utf8SizeOver(out.body, SLOT_MAX_BYTES);
  if (bytes !== null) {
    return {
      answer: err(
        [
          payloadTooLarge({
            message: `The rendered ${out.format} is ${bytes} bytes; at most ${SLOT_MAX_BYTES} are answered or kept.`,
            path: 'elements',
            fix_hint: 'Render fewer placements or shorter texts.',
          }),
        ],
        checked.meta,
      ),
    };
  }
  const added = out.warnings.slice(checked.warnings.length).map((w) => `${w.code}: ${w.message}`);
  return { out, source, meta: { ...checked.meta, warnings: [...(checked.meta.warnings ?? []), ...added] } };
}
