import * as z from 'zod';
import { ok } from '../core/envelope.js';
import { Category, DatachainType, Manifest, MaterializedElement } from '../domain/content.js';
import { instanceJsonSchemas } from './kernel/instance-schemas.js';
import { releaseMeta, withRelease } from './kernel/release-answer.js';
import { defineTool } from './kernel/define.js';
import { versionArg } from './args.js';

export const getSchema = defineTool({
  name: 'get_schema',
  title: 'Get a schema version',
  description:
    'Returns the manifest, the datachain type (category display order, subchains, locales) and every category of a version, ' +
    "including each category's variables and element_context. When a category declares an element_context, every placed " +
    "element of it should set context_type_id to one of the context's value ids (optional if it says required: false). " +
    'include="full" adds all elements and the ' +
    'JSON Schemas of a datachain (thin and resolved forms).',
  input: z.strictObject({
    version: versionArg,
    include: z
      .enum(['manifest', 'full'])
      .default('manifest')
      .describe('"manifest" (small) or "full" (adds elements and JSON Schemas).'),
  }),
  output: z.object({
    version: z.string(),
    manifest: Manifest,
    datachain_type: DatachainType,
    categories: z.array(Category),
    elements: z.array(MaterializedElement).optional(),
    schema_json: z.record(z.string(), z.unknown()).optional(),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  bucket: 'read',
  cacheable: true,
  soft: [],
  run(args, ctx) {
    return withRelease(args.version, ctx, (release) => {
      // The elements are read only when asked for: a release read by element lines parses them then (decision 067).
      const { manifest, datachain_type, categories } = release.bundle;
      const base = { version: release.id, manifest, datachain_type, categories };
      const data =
        args.include === 'full'
          ? { ...base, elements: release.bundle.elements, schema_json: instanceJsonSchemas() }
          : base;
      return ok(data, releaseMeta(release));
    });
  },
});
