import type { TranslationReview } from '../../domain/translations.js';
import { sourceLocaleOf } from '../translations/status.js';

/** Review statuses under which a locale's wording is not known to have been checked by anyone fluent. */
const UNCHECKED: Readonly<Record<string, string>> = {
  unverified: 'not reviewed',
  machine_draft: 'a machine draft, not reviewed',
};

/**
 * The warning of an export whose record takes the release's own wording (element titles, context
 * and variable names) in a translated locale that is not reviewed, or that open review flags
 * question for an element or category the datachain places. A register entry is an official
 * text: its author should check that wording first. Undefined when there is nothing to check.
 */
export function wordingWarning(
  review: TranslationReview | undefined,
  version: string,
  locale: string,
  placed: { elements: ReadonlySet<string>; categories: ReadonlySet<string> },
): string | undefined {
  const source = sourceLocaleOf(review);
  if (locale === source) return undefined;
  const recorded = review?.locales.find((l) => l.locale === locale)?.status ?? 'unverified';
  const flagged = new Set<string>();
  for (const flag of review?.flags ?? []) {
    if (flag.locale !== locale || flag.status !== 'open') continue;
    for (const t of flag.targets) {
      if ((t.type === 'element' && placed.elements.has(t.id)) || (t.type === 'category' && placed.categories.has(t.id)))
        flagged.add(t.id);
    }
  }
  const unchecked = Object.hasOwn(UNCHECKED, recorded) ? UNCHECKED[recorded] : undefined;
  if (!unchecked && flagged.size === 0) return undefined;
  const ids = [...flagged].sort();
  const parts = [
    unchecked
      ? `the release's ${locale} wording, which this record takes its element titles and names from, is ${unchecked}`
      : '',
    ids.length
      ? `open review flags question the ${locale} wording of ${ids.length > 6 ? `${ids.slice(0, 6).join(', ')} and ${ids.length - 6} more` : ids.join(', ')}`
      : '',
  ].filter(Boolean);
  return `wording: ${parts.join('; ')}. Check it before submitting: get_translation_status {"version":"${version}","locales":["${locale}"]} lists each flag with its note.`;
}
