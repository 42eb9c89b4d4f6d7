import * as z from 'zod';
import { type Answer, err, ok } from '../core/envelope.js';
import type { DatachainInstance } from '../domain/datachain.js';
import type { Release } from '../store/release.js';
import { DATACHAIN_CODE_LIST } from '../core/errors.js';
import { COVERAGE_STATUSES } from '../services/export/coverage.js';
import { type ExportSource, releaseExportSource } from '../services/export/read.js';
import { EXPORT_FORMATS, ExportOptions, exportDatachain, targetOf } from '../services/export/targets.js';
import { optionFaults } from '../services/export/options.js';
import { localeArg, versionArg } from './args.js';
import { reviewOf } from '../services/translations/status.js';
import { wordingWarning } from '../services/export/wording-review.js';
import { type CheckedDatachain, checkResolvedDatachain, checkThinDatachain } from './kernel/check-datachain.js';
import { datachainArg } from './kernel/datachain-arg.js';
import { defineTool, type ToolContext } from './kernel/define.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';

const CoverageItem = z.object({
  field: z.string(),
  required: z.boolean(),
  status: z.enum(COVERAGE_STATUSES),
  from: z.array(z.string()).optional(),
  source: z.string().optional(),
  reason: z.string().optional(),
  fix_hint: z.string().optional(),
  fill: z.object({ option: z.string().optional(), datachain: z.string().optional() }).optional(),
  untranslated: z.array(z.string()).optional(),
});

const ExportOutput = z.object({
  format: z.enum(EXPORT_FORMATS),
  locale: z.string().describe('The locale the texts were taken in.'),
  record: z.looseObject({}).describe('The register entry: only the fields something filled.'),
  coverage: z.array(CoverageItem).describe('One item per field of the register, in its order.'),
  summary: z.object({
    fields: z.int(),
    from_datachain: z.int(),
    from_options: z.int(),
    fixed: z.int(),
    needs_input: z.int(),
    empty: z.int(),
  }),
  complete: z.boolean().describe('True when no required field needs input.'),
  unused: z
    .array(z.object({ path: z.string(), element_id: z.string() }))
    .describe(
      "The datachain's placements no field of the record reads (a register has no field for them): what a reader of the entry will not learn from it.",
    ),
  warnings: z
    .array(z.string())
    .describe(
      "Datachain values the register refuses (too long, not an address), never cut; and, as 'wording: ...', release wording the record takes that is not reviewed or that open review flags question.",
    ),
});

/** The `locale` of an export: only targets that take several languages accept one. */
const ExportInput = z
  .strictObject({
    version: versionArg,
    format: z
      .enum(EXPORT_FORMATS, {
        error: (issue) =>
          issue.code === 'invalid_value' ? `Unknown format; use one of: ${EXPORT_FORMATS.join(', ')}.` : undefined,
      })
      .describe(
        'The register: "nl-algoritmeregister-1.0" (Dutch Algoritmeregister, texts in Dutch), "eurocities-0.3.1" (city standard), ' +
          '"uk-atrs" (UK ATRS field list and GOV.UK facets, English), "dpv-jsonld" (W3C DPV 2.3 JSON-LD with the ai and eu-aiact vocabularies).',
      ),
    datachain: datachainArg('thin').describe(
      'The datachain, thin or resolved form (a resolved one has schema_snapshot).',
    ),
    locale: localeArg
      .optional()
      .describe(
        'Language of the texts for eurocities-0.3.1 and dpv-jsonld (default "en"). Leave it out for nl-algoritmeregister-1.0 ' +
          '(always Dutch) and uk-atrs (always English): another locale there is refused.',
      ),
    options: ExportOptions.optional().describe(
      "What a datachain does not hold (organisation details, status, dates, lawful basis) and texts in the register's language: " +
        'options.<nl|eurocities|uk_atrs|dpv>.<field>. An option wins over the datachain; each export reads only its own key.',
    ),
  })
  .superRefine((args, ctx) => {
    // A register whose language is fixed refuses any other locale, whatever the release carries; its
    // own one is not checked against the release (readsLocale), so naming it is harmless.
    const spec = targetOf(args.format);
    if (spec.fixedLocale && args.locale !== undefined && args.locale !== spec.fixedLocale)
      ctx.addIssue({
        code: 'custom',
        path: ['locale'],
        message: `${spec.title} takes texts in '${spec.fixedLocale}' only.`,
        params: { fix_hint: `Leave out locale for format "${spec.format}".` },
      });
  });

/** Checks a thin or resolved datachain and picks the schema content its placements are read against. */
function prepare(
  raw: Record<string, unknown>,
  release: Release,
  ctx: ToolContext,
):
  | { checked: Extract<CheckedDatachain<DatachainInstance>, { ok: true }>; source: ExportSource }
  | { outcome: Answer<never> } {
  if ('schema_snapshot' in raw) {
    const checked = checkResolvedDatachain(raw, release, ctx.store, ctx.deadline);
    if (!checked.ok) return { outcome: checked.outcome };
    const { schema_snapshot: snap, suggested_elements: suggested } = checked.value;
    return {
      checked,
      source: {
        version: checked.value.schema_version ?? release.id,
        locales: snap.datachain_type.locales,
        categoryById: new Map(snap.categories.map((c) => [c.id, c])),
        elementById: new Map([...snap.elements, ...suggested].map((e) => [e.id, e])),
      },
    };
  }
  const checked = checkThinDatachain(raw, release, ctx.store, ctx.deadline);
  if (!checked.ok) return { outcome: checked.outcome };
  return {
    checked,
    source: {
      version: release.id,
      locales: release.locales,
      categoryById: release.categoryById,
      elementById: release.elementById,
    },
  };
}

/**
 * The placements no field reads: no field read from the datachain names their path (or a path
 * inside them), whether or not the register took the value, nor asks for their texts in its language.
 */
function unusedPlacements(
  elements: readonly { element_id: string }[],
  coverage: readonly { status: string; from?: string[]; untranslated?: string[] }[],
): { path: string; element_id: string }[] {
  // A field read from the datachain names it in `from` even when the register refused the value (too long).
  const read = coverage.flatMap((c) => [...(c.status !== 'option' ? (c.from ?? []) : []), ...(c.untranslated ?? [])]);
  return elements.flatMap((p, i) => {
    const at = `elements[${i}]`;
    return read.some((f) => f === at || f.startsWith(`${at}.`)) ? [] : [{ path: at, element_id: p.element_id }];
  });
}

export const exportDatachainTool = defineTool({
  name: 'export_datachain',
  title: 'Export a datachain to a public algorithm register',
  description:
    'Checks a datachain (thin or resolved) like validate_datachain and, when it is valid, writes it as an entry of a public register: ' +
    'the Dutch Algoritmeregister (API 1.0), the Eurocities standard 0.3.1, the UK ATRS, or W3C DPV 2.3 JSON-LD. Answers data.record ' +
    '(only fields something filled; nothing is invented) and data.coverage: for every field of the register, where its value came ' +
    'from (datachain paths, an option, or the export) or why it is empty, with fill {option, datachain} and a fix_hint. Required ' +
    "fields nothing fills are needs_input. Texts are taken only in the register's language; a text over a register limit is never " +
    'cut but reported. Pass what is missing as options.<target>.<field> and export again. ' +
    'REST: POST /api/v2/schemas/{version}/export/{format} with {datachain, options?, locale?}.',
  input: ExportInput,
  output: ExportOutput,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'validate',
  soft: DATACHAIN_CODE_LIST,
  // A register with a fixed language reads its texts in that language whatever the release carries.
  readsLocale: (args) => targetOf(args.format).fixedLocale === undefined,
  run(args, ctx) {
    const spec = targetOf(args.format);
    return withRelease(args.version, ctx, (release) => {
      const misread = optionFaults(spec, args.options?.[spec.optionKey] as Record<string, unknown> | undefined);
      if (misread.length > 0) return err(misread, releaseMeta(release));
      const prepared = prepare(args.datachain, release, ctx);
      if ('outcome' in prepared) return prepared.outcome;
      const { checked, source } = prepared;
      const out = exportDatachain(args.format, checked.value, source, args.locale ?? 'en', args.options);
      const unread = Object.keys(args.options ?? {})
        .filter((key) => key !== spec.optionKey)
        .map(
          (key) =>
            `options.${key} is not read by format "${spec.format}", which reads options.${spec.optionKey} only; it is kept for the export of its own format.`,
        );
      const review = reviewOf(ctx.store.index(), release.id);
      const placedIds = new Set(checked.value.elements.map((p) => p.element_id));
      const wording = wordingWarning(review === 'malformed' ? undefined : review, release.id, out.locale, {
        elements: placedIds,
        categories: new Set([...placedIds].flatMap((id) => release.elementById.get(id)?.category_id ?? [])),
      });
      // A locale the release does not carry takes none of its wording (the fields ask for input instead).
      if (wording && release.locales.includes(out.locale)) out.warnings.push(wording);
      const meta = { ...checked.meta, warnings: [...(checked.meta.warnings ?? []), ...unread, ...out.warnings] };
      return ok(
        {
          format: args.format,
          locale: out.locale,
          record: out.record,
          coverage: out.coverage,
          summary: out.summary,
          complete: out.summary.needs_input === 0,
          unused: unusedPlacements(checked.value.elements, out.coverage),
          warnings: out.warnings,
        },
        meta,
      );
    });
  },
});
