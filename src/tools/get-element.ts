import { elementNotFound } from '../core/error-catalogue.js';
import { nearestIds } from '../core/suggest.js';
import * as z from 'zod';
import type { ErrorItem } from '../core/envelope.js';
import { err, ok } from '../core/envelope.js';
import { filterLocales, project } from '../core/projection.js';
import type { Release } from '../store/release.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { elementIdArg, fieldsArg, localesArg, localeSet, versionArg } from './args.js';

/**
 * The refusal of an element id `release` does not have, with the release's ids close to it (a typo,
 * another case) unless `suggest` is false: a call that misses many ids suggests for the first few.
 */
export function elementMissing(release: Release, id: string, path: string, suggest = true): ErrorItem {
  return elementNotFound(id, release.id, path, suggest ? nearestIds(id, release.elementById.keys()) : []);
}

export const getElement = defineTool({
  name: 'get_element',
  title: 'Get one element',
  description:
    'Reads one element by id: localized title and description, category, shape, symbol, the variables a placement may fill ' +
    '(own and inherited from the category), and the icon variants (default and dark, then one pair per context value). The ' +
    "values a placement's context_type_id takes are the category's element_context (list_categories); an element that " +
    'declares its own context values carries them as context.',
  input: z.strictObject({
    version: versionArg,
    element_id: elementIdArg,
    locales: localesArg.optional(),
    fields: fieldsArg.optional(),
  }),
  output: z.object({ version: z.string(), element: z.looseObject({ id: z.string() }) }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const element = release.elementById.get(args.element_id);
      if (!element) return err(elementMissing(release, args.element_id, 'element_id'), releaseMeta(release));
      const shaped = filterLocales(project(element, args.fields ?? 'all'), localeSet(args.locales));
      return ok({ version: release.id, element: shaped }, releaseMeta(release));
    });
  },
});
