import { unknownVariant } from '../core/error-catalogue.js';
import * as z from 'zod';
import { err, ok } from '../core/envelope.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { elementIdArg, versionArg } from './args.js';
import { elementMissing } from './get-element.js';

/** REST path of a composed icon; `default` has no variant suffix. */
function iconPath(version: string, elementId: string, variant: string): string {
  const suffix = variant === 'default' ? '' : `.${variant}`;
  return `/api/v2/schemas/${version}/elements/${elementId}/icon${suffix}.svg`;
}

export const getIconUrl = defineTool({
  name: 'get_icon_url',
  title: 'Get an element icon URL',
  description:
    "Returns the URL of an element's composed SVG icon (its category shape with the element symbol) for a variant: " +
    '"default", "dark", or a context value id such as "identifiable" (and "<value>.dark"). The answer lists the valid variants.',
  input: z.strictObject({
    version: versionArg,
    element_id: elementIdArg,
    variant: z
      .string()
      .min(1)
      .max(64)
      .default('default')
      .describe("Icon variant; valid ones are in the element's icon_variants."),
  }),
  output: z.object({
    url: z.string(),
    path: z.string(),
    content_type: z.literal('image/svg+xml'),
    variant: z.string(),
    valid_variants: z.array(z.string()),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      const element = release.elementById.get(args.element_id);
      if (!element) return err(elementMissing(release, args.element_id, 'element_id'), releaseMeta(release));
      const valid = element.icon_variants;
      if (!valid.includes(args.variant)) {
        return err(unknownVariant(args.variant, element.id, valid), releaseMeta(release));
      }
      const path = iconPath(release.id, element.id, args.variant);
      return ok(
        {
          url: `${ctx.origin}${path}`,
          path,
          content_type: 'image/svg+xml' as const,
          variant: args.variant,
          valid_variants: valid,
        },
        releaseMeta(release),
      );
    });
  },
});
