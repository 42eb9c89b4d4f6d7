import { z } from 'zod';
import { decodeCursor, encodeCursor, fingerprint } from '../core/cursor.js';
import { err, ok } from '../core/envelope.js';
import { filterLocales, project } from '../core/projection.js';
import type { MaterializedElement } from '../domain/content.js';
import { SEARCH_QUERY_OPTIONS } from '../services/search-options.js';
import type { Release } from '../store/release.js';
import { localeSet, releaseMeta, withRelease } from './common.js';
import { defineTool } from './define.js';
import { fieldsArg, localeArg, localesArg, versionArg } from './args.js';

const DEFAULT_FIELDS = ['id', 'title', 'category_id'];

/** Elements of a category (or all), then narrowed and ranked by the search query. */
function select(release: Release, categoryId: string | undefined, query: string, locale: string): readonly MaterializedElement[] {
  const pool = categoryId ? (release.elementsByCategory.get(categoryId) ?? []) : release.bundle.elements;
  if (query === '') return pool;
  const index = release.search(locale);
  if (!index) return pool;
  const allowed = categoryId ? new Set(pool.map((e) => e.id)) : undefined;
  const hits: MaterializedElement[] = [];
  for (const hit of index.search(query, SEARCH_QUERY_OPTIONS)) {
    const id = String(hit.id);
    if (allowed && !allowed.has(id)) continue;
    const element = release.elementById.get(id);
    if (element) hits.push(element);
  }
  return hits;
}

export const listElements = defineTool({
  name: 'list_elements',
  title: 'List or search elements',
  description:
    'Lists the elements of a version, optionally in one category, or searches them: query matches titles (weighted higher) ' +
    'and descriptions, tolerating typos and prefixes, and ranks the results. Returns id, title and category_id by default ' +
    '(choose with fields), 50 per page (limit up to 200); pass meta.next_cursor back as cursor for the next page.',
  input: z.strictObject({
    version: versionArg,
    category_id: z.string().min(1).max(128).optional().describe('Only elements of this category, e.g. "input_dataset".'),
    query: z.string().max(200).optional().describe('Search words, e.g. "face recognition".'),
    locale: localeArg.default('en'),
    locales: localesArg.optional(),
    fields: fieldsArg.optional(),
    limit: z.int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
    cursor: z.string().max(512).optional().describe('meta.next_cursor of the previous page of the same query.'),
  }),
  output: z.object({
    version: z.string(),
    elements: z.array(z.looseObject({ id: z.string() })),
    total: z.int(),
    returned: z.int(),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const meta = releaseMeta(release);
      if (args.category_id !== undefined && !release.categoryById.has(args.category_id)) {
        return err({
          code: 'invalid_arguments',
          message: `Category '${args.category_id}' does not exist in ${release.id}.`,
          path: 'category_id',
          fix_hint: `Use one of: ${[...release.categoryById.keys()].join(', ')}.`,
        }, meta);
      }
      const query = (args.query ?? '').trim();
      const key = fingerprint([release.id, args.category_id ?? '', query, query ? args.locale : '']);
      const start = decodeCursor(args.cursor, key);
      if ('error' in start) return err(start.error, meta);
      const all = select(release, args.category_id, query, args.locale);
      const page = all.slice(start.offset, start.offset + args.limit);
      const end = start.offset + page.length;
      const fields = args.fields ?? DEFAULT_FIELDS;
      const elements = filterLocales(page.map((e) => project(e, fields)), localeSet(args.locales));
      meta.next_cursor = end < all.length ? encodeCursor(end, key) : null;
      return ok({ version: release.id, elements, total: all.length, returned: elements.length }, meta);
    });
  },
});
