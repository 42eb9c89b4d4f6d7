import { decodeUtf8 } from '../../core/utf8.js';
import { INSTANCE_SCHEMAS_BYTES } from '../../store/generated/descriptors-text.js';
import type * as Form from './instance-schemas.js';

/**
 * `instance-schemas.ts` as the Worker's script holds it (cli/build/worker-script.ts puts this module
 * in its place, decision 083): the JSON Schemas are `instance-schemas.json`, which `npm run gen`
 * writes from the zod schemas and the content build copies beside the script as bytes (a Data
 * module: an ArrayBuffer, outside the JavaScript heap until read), decoded and parsed on their first
 * read, once per isolate. Nothing is converted here.
 */
let parsed: Record<string, unknown> | undefined;

export const instanceJsonSchemas: typeof Form.instanceJsonSchemas = () =>
  (parsed ??= JSON.parse(decodeUtf8(new Uint8Array(INSTANCE_SCHEMAS_BYTES))));
