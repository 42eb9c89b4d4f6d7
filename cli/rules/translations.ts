import { keyTarget } from '../bundle/translations.js';
import { TRANSLATIONS_FILE } from '../load/read-release.js';
import { releaseLocales, type Release } from '../release.js';
import { finding, type Finding } from './finding.js';

/**
 * `translations.yaml`, when a release ships one: it describes only locales the release carries,
 * each translated locale once (never the source), a reviewed status only with an independent
 * reviewer named, flags with distinct ids whose keys name a text of the release.
 */
export function translationRules(release: Release): Finding[] {
  const meta = release.translations?.value;
  if (!meta) return [];
  const out: Finding[] = [];
  const file = TRANSLATIONS_FILE;
  const locales: readonly string[] = releaseLocales(release);
  const listed = locales.join(', ');
  const unknown = (path: string, locale: string) =>
    out.push(
      finding(
        'translations_locale_unknown',
        file,
        path,
        `Locale "${locale}" is not one of the release locales (${listed}).`,
      ),
    );
  if (!locales.includes(meta.source_locale)) unknown('source_locale', meta.source_locale);
  const seen = new Set<string>();
  meta.locales.forEach((entry, i) => {
    const path = `locales[${i}].locale`;
    if (!locales.includes(entry.locale)) unknown(path, entry.locale);
    else if (entry.locale === meta.source_locale || seen.has(entry.locale)) {
      const why = entry.locale === meta.source_locale ? 'is the source locale' : 'is listed twice';
      out.push(finding('translations_locale_duplicate', file, path, `Locale "${entry.locale}" ${why}.`));
    }
    seen.add(entry.locale);
    const reviewed = entry.status === 'machine_reviewed' || entry.status === 'human_reviewed';
    if (reviewed && (!entry.reviewed_by || entry.reviewed_by === entry.translated_by)) {
      out.push(
        finding(
          'translations_review_unrecorded',
          file,
          `locales[${i}].reviewed_by`,
          `Locale "${entry.locale}" is ${entry.status} but ${entry.reviewed_by ? 'its reviewer is its translator' : 'names no reviewer'}.`,
        ),
      );
    }
  });
  const flagIds = new Set<string>();
  meta.flags.forEach((flag, i) => {
    const at = `flags[${i}]`;
    if (flagIds.has(flag.id))
      out.push(finding('translations_flag_duplicate', file, `${at}.id`, `Flag id "${flag.id}" is used twice.`));
    flagIds.add(flag.id);
    if (!locales.includes(flag.locale)) unknown(`${at}.locale`, flag.locale);
    else if (flag.locale === meta.source_locale)
      out.push(
        finding('translations_flag_on_source', file, `${at}.locale`, `Flag "${flag.id}" is on the source locale.`),
      );
    flag.keys.forEach((key, k) => {
      if (keyTarget(release, key) === undefined)
        out.push(
          finding(
            'translations_flag_key_invalid',
            file,
            `${at}.keys[${k}]`,
            `Key "${key.slice(0, 120)}" names no field of a content file of this release.`,
          ),
        );
    });
  });
  return out;
}
