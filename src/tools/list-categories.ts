import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { filterLocales } from '../core/projection.js';
import { Category } from '../domain/content.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { localesArg, localeSet, versionArg } from './args.js';

export const listCategories = defineTool({
  name: 'list_categories',
  title: 'List categories',
  description:
    'Lists the categories of a version in display order, with their shape, whether a datachain must use them (required), ' +
    'the variables their elements take and their element_context (if any, set context_type_id on placements).',
  input: z.strictObject({ version: versionArg, locales: localesArg.optional() }),
  output: z.object({ version: z.string(), categories: z.array(Category) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const categories = filterLocales(release.bundle.categories, localeSet(args.locales));
      return ok({ version: release.id, categories }, releaseMeta(release, { next_cursor: null }));
    });
  },
});
