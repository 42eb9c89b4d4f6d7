import * as z from 'zod';
import { type Exported, exportTo } from './coverage.js';
import { targetOptions } from './options.js';
import { ExportReader, type ExportSource } from './read.js';
import type { TargetSpec } from './spec.js';
import { DPV_JSONLD, finishDpv } from './targets/dpv.js';
import { EUROCITIES } from './targets/eurocities.js';
import { NL_ALGORITMEREGISTER } from './targets/nl-algoritmeregister.js';
import { UK_ATRS } from './targets/uk-atrs.js';
import type { DatachainInstance } from '../../domain/datachain.js';

/** Every register an export writes, in the order the docs list them. */
export const TARGETS: readonly TargetSpec[] = [NL_ALGORITMEREGISTER, EUROCITIES, UK_ATRS, DPV_JSONLD];

export const EXPORT_FORMATS = ['nl-algoritmeregister-1.0', 'eurocities-0.3.1', 'uk-atrs', 'dpv-jsonld'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const BY_FORMAT = new Map(TARGETS.map((t) => [t.format, t]));

export function targetOf(format: ExportFormat): TargetSpec {
  return BY_FORMAT.get(format)!;
}

/**
 * The `options` argument: one object per target, keyed by the target's option key, each typed from
 * the target's own field definitions. An export reads only its own target's object, so one options
 * object can serve every register.
 */
export const ExportOptions = z.strictObject(
  Object.fromEntries(
    TARGETS.map((t) => [
      t.optionKey,
      targetOptions(t)
        .optional()
        .describe(
          `Values for ${t.title} (format "${t.format}"); each key is a field of the register and wins over the datachain.`,
        ),
    ]),
  ),
);
export type ExportOptions = z.output<typeof ExportOptions>;

/** Exports a checked datachain to one target, reading texts in `locale` (the target's own when it fixes one). */
export function exportDatachain(
  format: ExportFormat,
  datachain: DatachainInstance,
  source: ExportSource,
  locale: string,
  options: ExportOptions | undefined,
): Exported & { locale: string } {
  const spec = targetOf(format);
  const lang = spec.fixedLocale ?? locale;
  const reader = new ExportReader(datachain, source, lang);
  const out = exportTo(spec, reader, options?.[spec.optionKey] as Record<string, unknown> | undefined);
  if (format === 'dpv-jsonld') finishDpv(out.record, lang);
  return { ...out, locale: lang };
}
