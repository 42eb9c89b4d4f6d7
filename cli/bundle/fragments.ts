/**
 * One piece of a bundle's JSON text. `posting` marks a search-index entry, which holds the entry
 * alone: consecutive entries are separated by a comma that no fragment holds.
 */
export interface Fragment {
  text: string;
  posting: boolean;
}

type Kind = 'split' | 'unit' | 'posting';

/** Paths (array items and map keys as `*`) whose value is cut into its members rather than kept whole. */
const SPLIT = new Set([
  '',
  'categories',
  'categories/*',
  'elements',
  'symbols',
  'search_index',
  'search_index/*',
  'search_index/*/documentIds',
  'search_index/*/fieldLengths',
  'search_index/*/index',
]);
/** Objects whose keys are data (ids, locales), so their members share one path. */
const MAPS = new Set(['symbols', 'search_index']);
const POSTING = 'search_index/*/index/*';

const kindAt = (path: string): Kind => (SPLIT.has(path) ? 'split' : path === POSTING ? 'posting' : 'unit');
const child = (path: string, key: string): string => (path === '' ? key : `${path}/${key}`);
const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * `JSON.stringify(bundle)` cut into fragments: each member of a category (its display `order`
 * changes when a category is inserted), element, symbol entry, document id, per-document field
 * lengths, other per-locale index part and index entry is one fragment, preceded by the
 * punctuation and key that lead to it, so equal content in two releases gives equal fragments.
 * Joined (with commas between consecutive entries), they are the compact JSON.
 */
export function bundleFragments(bundle: unknown): Fragment[] {
  const out: Fragment[] = [];
  let pending = '';
  const walk = (value: unknown, path: string): void => {
    const kind = kindAt(path);
    if (kind !== 'split' || value === null || typeof value !== 'object') {
      if (kind === 'posting') {
        if (pending !== '' && pending !== ',') out.push({ text: pending, posting: false });
        out.push({ text: JSON.stringify(value), posting: true });
      } else {
        out.push({ text: pending + (JSON.stringify(value) ?? 'null'), posting: false });
      }
      pending = '';
    } else if (Array.isArray(value)) {
      pending += '[';
      value.forEach((item, i) => {
        if (i > 0) pending += ',';
        walk(item, child(path, '*'));
      });
      pending += ']';
    } else {
      pending += '{';
      let first = true;
      for (const [key, item] of Object.entries(value)) {
        if (omitted(item)) continue;
        pending += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        walk(item, child(path, MAPS.has(path) ? '*' : key));
      }
      pending += '}';
    }
  };
  walk(bundle, '');
  if (pending) out.push({ text: pending, posting: false });
  return out;
}
