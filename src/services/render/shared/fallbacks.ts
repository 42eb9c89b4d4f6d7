import { finding, type Finding } from '../../validator/finding.js';
import type { Fallback } from './localize.js';

/** At most this many locale_fallback warnings per render; one more says how many were left out. */
const FALLBACK_WARNINGS_MAX = 40;

/** One `locale_fallback` warning per text shown in another locale than the requested one. */
export function fallbackFindings(fallbacks: readonly Fallback[], locale: string): Finding[] {
  const out = fallbacks
    .slice(0, FALLBACK_WARNINGS_MAX)
    .map((f) =>
      finding(
        'locale_fallback',
        f.path,
        `${f.subject[0]!.toUpperCase()}${f.subject.slice(1)} has no "${locale}" text; the "${f.shown}" text is shown, marked lang="${f.shown}".`,
        f.authored
          ? `Add {"locale":"${locale}","value":"..."} at ${f.path}.`
          : `This text comes from the schema; render with locale "${f.shown}", or use a schema version that has "${locale}" texts.`,
      ),
    );
  const left = fallbacks.length - out.length;
  if (left > 0) {
    out.push(
      finding(
        'locale_fallback',
        '',
        `${left} more texts have no "${locale}" text and are shown in another locale.`,
        `Add "${locale}" entries to the datachain's localized texts.`,
      ),
    );
  }
  return out;
}
