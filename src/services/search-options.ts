import type { Options, SearchOptions } from 'minisearch';

/** One search document per element and locale; the build and the Worker share these options. */
export interface SearchDoc {
  id: string;
  title: string;
  description: string;
  category_id: string;
}

export const SEARCH_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'description'],
  storeFields: ['category_id'],
};

/** Title matches weigh three times description matches; typos and prefixes still match. */
export const SEARCH_QUERY_OPTIONS: SearchOptions = {
  boost: { title: 3 },
  fuzzy: 0.2,
  prefix: true,
};
