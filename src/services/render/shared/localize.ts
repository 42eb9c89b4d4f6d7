/** A text chosen for the output, with `lang` set only when it is written in another locale than the output's. */
export interface LocalText {
  text: string;
  lang?: string;
}

/** Where a text came from, for the warning raised when another locale stands in for it. */
export interface TextOrigin {
  /** JSON path into the caller's datachain (for schema texts: the placement that shows them). */
  path: string;
  /** What the text is, in words, e.g. `the title of element "institution"`. */
  subject: string;
  /** True when the caller wrote the text (so the caller can add the missing locale). */
  authored: boolean;
  /** One warning per key; defaults to `path`. */
  key?: string;
}

export interface Fallback extends TextOrigin {
  shown: string;
}

type Entry = { locale: string; value: string };

/**
 * French texts take the typography the page's own labels use: the typographic apostrophe, and a
 * narrow no-break space (U+202F) for the space before `; : ! ? »` and after `«`, so no line starts
 * with one of those marks.
 */
function typographic(value: string, locale: string): string {
  if (locale !== 'fr' && !locale.startsWith('fr-')) return value;
  return value
    .replace(/'/g, '\u2019')
    .replace(/[ \u00a0](?=[;:!?»])/g, '\u202f')
    .replace(/«[ \u00a0]/g, '«\u202f');
}

/**
 * Picks texts for one locale (exact, else English, else the first entry) and records every text
 * shown in another locale, once per origin key.
 */
export class Localizer {
  readonly fallbacks: Fallback[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly locale: string) {}

  pick(values: readonly Entry[] | undefined, origin?: TextOrigin): LocalText {
    if (!values || values.length === 0) return { text: '' };
    const found = values.find((v) => v.locale === this.locale) ?? values.find((v) => v.locale === 'en') ?? values[0]!;
    const entry = { locale: found.locale, value: typographic(found.value, found.locale) };
    if (entry.locale === this.locale) return { text: entry.value };
    if (origin) {
      const key = origin.key ?? origin.path;
      if (!this.seen.has(key)) {
        this.seen.add(key);
        this.fallbacks.push({ ...origin, shown: entry.locale });
      }
    }
    return { text: entry.value, lang: entry.locale };
  }
}
