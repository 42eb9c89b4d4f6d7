import hostile from '../e2e/fixtures/hostile-strings.json';
import realistic from '../e2e/fixtures/realistic-15.json';

export const HOSTILE: readonly string[] = hostile;
export const REALISTIC = realistic as Record<string, any>;

const FREE_TEXT_KEYS = new Set(['value', 'title', 'citation', 'rationale', 'quote', 'context', 'model']);

/**
 * A copy of the realistic datachain with a hostile string in every free-text field: localized
 * values, action labels, source titles and citations, provenance texts and variable rationale.
 */
export function hostileDatachain(): Record<string, any> {
  let i = 0;
  const next = () => HOSTILE[i++ % HOSTILE.length]!;
  const walk = (v: any, key?: string): any => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      const out: Record<string, any> = {};
      for (const [k, x] of Object.entries(v)) {
        if (k === 'variable_rationale') out[k] = Object.fromEntries(Object.keys(x as object).map((id) => [id, next()]));
        else out[k] = walk(x, k);
      }
      return out;
    }
    return typeof v === 'string' && key && FREE_TEXT_KEYS.has(key) ? next() : v;
  };
  const dc = walk(REALISTIC);
  dc.title = HOSTILE.map((s) => ({ locale: 'en', value: s })).slice(0, 1);
  return dc;
}
