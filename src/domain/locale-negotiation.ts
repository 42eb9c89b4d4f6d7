import { canonicalLocale } from './locale.js';

/** A language tag's form (BCP 47's shape, not its registry): subtags of letters and digits. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** At most this many language ranges of a header are read. */
const MAX_RANGES = 16;

/**
 * The language ranges of an `Accept-Language` header, best first: by `q` (default 1; `q=0` and `*`
 * dropped), ties in the order written. Malformed parts are skipped.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, MAX_RANGES).entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    if (!LANGUAGE_TAG.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && q <= 1) ranges.push({ tag, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/** Whether an `Accept-Language` header takes any language (`*` with a `q` above 0). */
export function acceptsAnyLanguage(header: string | undefined): boolean {
  if (!header) return false;
  return header
    .split(',')
    .slice(0, MAX_RANGES)
    .some((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      if (tag.trim() !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const value = q ? Number(q.slice(2)) : 1;
      return Number.isFinite(value) && value > 0 && value <= 1;
    });
}

/** Regions and scripts that name a written form of Chinese. */
const CHINESE_FORMS: Readonly<Record<string, string>> = {
  hans: 'zh-Hans',
  cn: 'zh-Hans',
  sg: 'zh-Hans',
  my: 'zh-Hans',
  hant: 'zh-Hant',
  tw: 'zh-Hant',
  hk: 'zh-Hant',
  mo: 'zh-Hant',
};

/**
 * The locales a language range may stand for, most exact first: the range itself (aliases
 * resolved: `tl` is `fil`, `zh-TW` is `zh-Hant`), Chinese by script or region (`zh-CN` and bare `zh`
 * are Simplified, `zh-HK` Traditional), then the range's language alone (`pt-BR` is `pt`).
 */
function candidates(range: string): string[] {
  const [language = '', ...rest] = range.toLowerCase().split('-');
  const out = [canonicalLocale(range)];
  if (language === 'zh') {
    const form = rest.map((part) => CHINESE_FORMS[part]).find((f) => f !== undefined);
    out.push(form ?? 'zh-Hans');
  }
  out.push(canonicalLocale(language));
  return out;
}

/**
 * The first locale of `carried` that the ranges name, in the ranges' order (see `candidates`),
 * compared without regard to case; `fallback` when none does.
 */
export function negotiateLocale(ranges: readonly string[], carried: readonly string[], fallback: string): string {
  const byKey = new Map(carried.map((l) => [l.toLowerCase(), l]));
  for (const range of ranges) {
    for (const candidate of candidates(range)) {
      const hit = byKey.get(candidate.toLowerCase());
      if (hit) return hit;
    }
  }
  return fallback;
}

/**
 * The locale of `known` a code the checks refused most likely means (`pt-BR` is `pt`, `zh-CN` is
 * `zh-Hans`, `en-gb` is `en`), read as negotiation reads a language range; `undefined` when none.
 * For hints only: an explicit locale argument is taken as written or refused.
 */
export function likelyLocale(code: string, known: readonly string[]): string | undefined {
  if (!LANGUAGE_TAG.test(code)) return undefined;
  return negotiateLocale([code], known, '') || undefined;
}
