import { labelOf, type Labels } from './labels.js';

/**
 * Locales whose long date, as people write it, differs from what `Intl` gives for the bare
 * language: English pages write day, month, year ("1 September 2026"), read the same way on
 * both sides of the Atlantic once the month is a word.
 */
const DATE_LOCALE: Record<string, string> = { en: 'en-GB' };

const formats = new Map<string, Intl.DateTimeFormat | null>();
/**
 * The long-date format of `locale`; null when the runtime has no data for it (the Workers runtime
 * has none for Khmer), where `Intl` would write the date in another language.
 */
function formatFor(locale: string): Intl.DateTimeFormat | null {
  let f = formats.get(locale);
  if (f === undefined) {
    const tag = DATE_LOCALE[locale] ?? locale;
    f = Intl.DateTimeFormat.supportedLocalesOf(tag).length
      ? new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' })
      : null;
    formats.set(locale, f);
  }
  return f;
}

/** Days already written, by locale and day: a release's date is on every page of that release. */
const written = new Map<string, string | undefined>();
const WRITTEN_MAX = 1024;

/**
 * A date as people write it in `locale` ("1 September 2026", « 1er septembre 2026 »), from an ISO
 * date or date-time (its calendar day as written, in UTC); the ISO day ("2026-09-01") when the
 * runtime has no data for the locale, never another language's words; `undefined` for anything
 * else, which the caller shows as given. French writes the first day of a month as an ordinal.
 */
export function writtenDate(iso: string | undefined, locale: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso ?? '');
  if (!m) return undefined;
  const key = `${locale}|${m[1]}-${m[2]}-${m[3]}`;
  if (written.has(key)) return written.get(key);
  if (written.size >= WRITTEN_MAX) written.clear();
  const text = formatDay(m, locale);
  written.set(key, text);
  return text;
}

function formatDay(m: RegExpExecArray, locale: string): string | undefined {
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3])) return undefined;
  const format = formatFor(locale);
  if (!format) return `${m[1]}-${m[2]}-${m[3]}`;
  const parts = format.formatToParts(date);
  const french = locale === 'fr' || locale.startsWith('fr-');
  return parts.map((p) => (french && p.type === 'day' && p.value === '1' ? '1er' : p.value)).join('');
}

/** A release id: its datachain type, its date, and `-beta` for a beta release. */
const VERSION = /^([a-z][a-z0-9_]*)@(\d{4}-\d{2}-\d{2})(-beta)?$/;

/**
 * A release id as a reader names it: "DTPR AI taxonomy, 12 August 2026", with "(beta)" for a
 * beta, in the locale's own punctuation (`comma`, `parens`: "DTPR 分类体系，2026年9月1日（测试版）");
 * an id of another shape, or of a type without a name in the labels, is shown as it is.
 */
export function releaseName(version: string, t: Labels, locale: string): string {
  const m = VERSION.exec(version);
  const name = m ? labelOf(t, `taxonomy_${m[1]}`) : undefined;
  const date = m ? writtenDate(m[2], locale) : undefined;
  if (!m || !name || !date) return version;
  return `${name}${t.comma}${date}${m[3] ? t.parens.replace('{text}', t.beta) : ''}`;
}
