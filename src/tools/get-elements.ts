import { elementIdsTooMany } from '../core/error-catalogue.js';
import * as z from 'zod';
import { err, ok, type ErrorItem } from '../core/envelope.js';
import { filterLocales, project } from '../core/projection.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { elementIdArg, fieldsArg, localesArg, localeSet, versionArg } from './args.js';
import { elementMissing } from './get-element.js';

const MAX_ELEMENT_IDS = 100;

/** Missing ids that get "Did you mean" suggestions; the rest get the plain hint (bounded work). */
const SUGGESTED_MISSES = 20;

export const getElements = defineTool({
  name: 'get_elements',
  title: 'Get several elements',
  description:
    `Reads up to ${MAX_ELEMENT_IDS} distinct elements in one call (duplicates are merged). Returns a map from id to element. ` +
    'Ids that do not exist map to null and each gets an element_not_found entry in errors, while the found ones are still returned.',
  input: z.strictObject({
    version: versionArg,
    element_ids: z
      .array(elementIdArg)
      .min(1)
      .max(1000)
      .describe(`Element ids; at most ${MAX_ELEMENT_IDS} distinct ones.`),
    locales: localesArg.optional(),
    fields: fieldsArg.optional(),
  }),
  output: z.object({
    version: z.string(),
    elements: z.record(z.string(), z.looseObject({ id: z.string() }).nullable()),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: ['element_not_found'],
  run(args, ctx) {
    const firstIndex = new Map<string, number>();
    args.element_ids.forEach((id, i) => {
      if (!firstIndex.has(id)) firstIndex.set(id, i);
    });
    if (firstIndex.size > MAX_ELEMENT_IDS) {
      return err(elementIdsTooMany(firstIndex.size, MAX_ELEMENT_IDS));
    }
    return withRelease(args.version, ctx, (release) => {
      const locales = localeSet(args.locales);
      const found: Array<[string, { id: string } | null]> = [];
      const errors: ErrorItem[] = [];
      for (const [id, i] of firstIndex) {
        const element = release.elementById.get(id);
        if (element) found.push([id, filterLocales(project(element, args.fields ?? 'all'), locales)]);
        else {
          found.push([id, null]);
          errors.push(elementMissing(release, id, `element_ids[${i}]`, errors.length < SUGGESTED_MISSES));
        }
      }
      // fromEntries makes every id an own key, `__proto__` included.
      const elements: Record<string, { id: string } | null> = Object.fromEntries(found);
      const data = { version: release.id, elements };
      return errors.length ? err(errors, releaseMeta(release), data) : ok(data, releaseMeta(release));
    });
  },
});
