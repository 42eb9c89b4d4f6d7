import MiniSearch from 'minisearch';
import type { MaterializedElement } from '../../src/domain/content.js';
import type { LocaleCode, LocaleValues } from '../../src/domain/locale.js';
import { SEARCH_OPTIONS, type SearchDoc } from '../../src/services/search-options.js';

function textIn(values: LocaleValues, locale: LocaleCode): string {
  return values.find((v) => v.locale === locale)?.value ?? '';
}

/**
 * A MiniSearch index over one document per element (`{id, title, description, category_id}`
 * in `locale`), serialized with `toJSON()` and returned as plain JSON data.
 */
export function buildSearchIndex(elements: readonly MaterializedElement[], locale: LocaleCode): unknown {
  const index = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  index.addAll(elements.map((e) => ({
    id: e.id,
    title: textIn(e.title, locale),
    description: textIn(e.description, locale),
    category_id: e.category_id,
  })));
  return JSON.parse(JSON.stringify(index)) as unknown;
}
