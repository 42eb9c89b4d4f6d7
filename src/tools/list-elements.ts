import { invalidArguments } from '../core/error-catalogue.js';
import * as z from 'zod';
import { decodeCursor, encodeCursor, fingerprint } from '../core/cursor.js';
import { err, ok } from '../core/envelope.js';
import { filterLocales, project } from '../core/projection.js';
import type { LocaleCode } from '../domain/locale.js';
import { Match, releaseIndex, searchElements, type ElementHit } from '../services/search/search.js';
import { LISTED_FIELDS } from '../store/packed-elements.js';
import type { Release } from '../store/release.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { fieldsArg, localeArg, localesArg, localeSet, versionArg } from './args.js';

const DEFAULT_FIELDS: readonly string[] = LISTED_FIELDS;
/** Whether a projection to `fields` reads only an element's listed form (decision 073). */
const onlyListed = (fields: readonly string[]) => fields.every((f) => DEFAULT_FIELDS.includes(f));

/** An element listed by id (its element is read only when its page is: decision 068), and why it matched a query. */
interface Listed {
  id: string;
  hit?: ElementHit;
}

/**
 * Elements of a category (or all) in id order; with a query, only those that match it, best
 * first, each with why it matched. The query is matched in `locale`, else in English. Elements are
 * listed by id; a category's ids come from the release's listed forms (decision 073), which read
 * every element only where the release has no listed line.
 */
function select(release: Release, categoryId: string | undefined, query: string, locale: LocaleCode): Listed[] {
  const inCategory = categoryId ? (release.idsByCategory.get(categoryId) ?? []) : undefined;
  if (query === '')
    return inCategory ? inCategory.map((id) => ({ id })) : Array.from(release.elementById.keys(), (id) => ({ id }));
  const index = releaseIndex(release, locale) ?? releaseIndex(release, 'en');
  if (!index) return [];
  const member = inCategory ? new Set(inCategory) : release.elementById;
  const out: Listed[] = [];
  for (const hit of searchElements(index, query)) if (member.has(hit.id)) out.push({ id: hit.id, hit });
  return out;
}

/** Said when `locale` is given without a query: it chooses the language a query is matched in, nothing else. */
const LOCALE_UNUSED =
  "locale_unused: 'locale' is the language a query is matched in, and no query was given, so it changed nothing. " +
  'To choose the languages of the texts returned, use \'locales\' (e.g. ["fr"]).';

export const listElements = defineTool({
  name: 'list_elements',
  title: 'List or search elements',
  description:
    'Lists the elements of a version, optionally in one category, or searches them. A query is matched in one locale ' +
    '(locale, else the first of locales, else English) against titles and search terms first, then category names, ' +
    'context values and descriptions; words are stemmed, stop words and accents ignored, and a misspelled word still ' +
    'matches. Results are ranked best first and each carries match: the query words that matched and the fields they ' +
    'matched in. Returns id, title and category_id by default (choose with fields; match is added whenever a query is ' +
    'given), 50 per page (limit up to 200); pass meta.next_cursor back as cursor for the next page.',
  input: z.strictObject({
    version: versionArg,
    category_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .describe('Only elements of this category, e.g. "input_dataset".'),
    query: z.string().max(200).optional().describe('Search words, e.g. "face recognition".'),
    locale: localeArg
      .optional()
      .describe(
        'Locale the query is matched in (default: the first of locales, else "en"); it must be a locale the release carries. Without query it changes nothing (meta.warnings says so): locales chooses the texts returned.',
      ),
    locales: localesArg.optional(),
    fields: fieldsArg.optional(),
    limit: z.int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
    cursor: z.string().max(512).optional().describe('meta.next_cursor of the previous page of the same query.'),
  }),
  output: z.object({
    version: z.string(),
    elements: z.array(
      z.looseObject({
        id: z.string(),
        match: Match.optional().describe('Why this element matched: present on every element when a query is given.'),
      }),
    ),
    total: z.int(),
    returned: z.int(),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const meta = releaseMeta(release);
      if (args.category_id !== undefined && !release.categoryById.has(args.category_id)) {
        return err(
          invalidArguments({
            message: `Category '${args.category_id}' does not exist in ${release.id}.`,
            path: 'category_id',
            fix_hint: `Use one of: ${[...release.categoryById.keys()].join(', ')}.`,
          }),
          meta,
        );
      }
      const query = (args.query ?? '').trim();
      const locale = args.locale ?? args.locales?.[0] ?? 'en';
      const key = fingerprint([release.id, args.category_id ?? '', query, query ? locale : '']);
      const start = decodeCursor(args.cursor, key);
      if (start.error) return err(start.error, meta);
      const all = select(release, args.category_id, query, locale);
      const page = all.slice(start.value, start.value + args.limit);
      const end = start.value + page.length;
      const fields = args.fields ?? DEFAULT_FIELDS;
      const source = onlyListed(fields) ? release.listedById : release.elementById;
      const projected = page.map(({ id, hit }) => {
        const element = source.get(id)!;
        return hit ? { ...project(element, fields), match: hit.match() } : project(element, fields);
      });
      const elements = filterLocales(projected, localeSet(args.locales));
      meta.next_cursor = end < all.length ? encodeCursor(end, key) : null;
      if (args.locale !== undefined && !query) meta.warnings = [...(meta.warnings ?? []), LOCALE_UNUSED];
      return ok({ version: release.id, elements, total: all.length, returned: elements.length }, meta);
    });
  },
});
