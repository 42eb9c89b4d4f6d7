import * as z from 'zod';
import { publishedSchemas, publishedVersion } from '../../domain/json-schemas.js';

let cached: { version: number; schemas: Record<string, unknown> } | undefined;

/**
 * JSON Schemas (draft 2020-12, input side) of the content and datachain forms (get_schema's
 * `schema_json`), built again only after a form is registered: here (Node, the test suites, `npm run gen`,
 * which writes them to `instance-schemas.json`) by zod's converter. The Worker's script is built
 * with `instance-schemas-text.ts` in this module's place (decision 083): there they are that file,
 * a Data module beside the script, and zod's converters are not in the script.
 */
export function instanceJsonSchemas(): Record<string, unknown> {
  const version = publishedVersion();
  if (cached?.version !== version)
    cached = {
      version,
      schemas: Object.fromEntries(
        Object.entries(publishedSchemas()).map(([name, schema]) => [
          name,
          { ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }), title: name },
        ]),
      ),
    };
  return cached.schemas;
}
