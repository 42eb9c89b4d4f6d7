import * as z from 'zod';
import { publishedSchemas } from '../../domain/json-schemas.js';

let cached: { count: number; schemas: Record<string, unknown> } | undefined;

/**
 * JSON Schemas (draft 2020-12, input side) of the content and datachain forms (get_schema's
 * `schema_json`), built once per set of registered forms: here (Node, the test suites, `npm run gen`,
 * which writes them to `instance-schemas.json`) by zod's converter. The Worker's script is built
 * with `instance-schemas-text.ts` in this module's place (decision 083): there they are that file,
 * a text module beside the script, and zod's converters are not in the script.
 */
export function instanceJsonSchemas(): Record<string, unknown> {
  const forms = Object.entries(publishedSchemas());
  if (cached?.count !== forms.length)
    cached = {
      count: forms.length,
      schemas: Object.fromEntries(
        forms.map(([name, schema]) => [
          name,
          { ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }), title: name },
        ]),
      ),
    };
  return cached.schemas;
}
