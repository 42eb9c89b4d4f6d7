import { isBlank } from '../../core/strings.js';

/** What is wrong with one entry of a localized text (`{locale, value}` entries). */
export interface TextFault {
  readonly index: number;
  /** `locale`: a locale the version does not carry; `duplicate`: a locale an earlier entry (`first`) has; `empty`: a value that shows nothing (`isBlank`). */
  readonly fault: 'locale' | 'duplicate' | 'empty';
  readonly first?: number;
}

/**
 * The faults of a localized text against the version's locales, at most one per entry, in that
 * order of precedence: one text per carried locale, none empty. The rules that hold a text to this
 * (a text variable's value, the datachain's own texts) word and grade each fault themselves.
 */
export function textFaults(
  text: ReadonlyArray<{ locale: string; value: string }>,
  locales: readonly string[],
): TextFault[] {
  const out: TextFault[] = [];
  const first = new Map<string, number>();
  text.forEach((entry, index) => {
    const earlier = first.get(entry.locale);
    if (!locales.includes(entry.locale)) out.push({ index, fault: 'locale' });
    else if (earlier !== undefined) out.push({ index, fault: 'duplicate', first: earlier });
    else if (isBlank(entry.value)) out.push({ index, fault: 'empty' });
    if (earlier === undefined) first.set(entry.locale, index);
  });
  return out;
}
