// What zod's classic schemas (zod/v4/classic/schemas.js) import for JSON Schema, as the Worker
// script's build gives it to them (`zodWithoutJsonSchema` in worker-script.ts, decision 083). The
// Worker converts no schema: the JSON Schemas it serves (get_schema's, the tool descriptors', the
// OpenAPI document's) are written by `npm run gen` and ship beside the script. So each schema's
// JSON Schema hooks (`processJSONSchema`, `toJSONSchema()`, `~standard.jsonSchema`) stay in place
// and throw when called, and zod's converters, about 20 KB of the script, are not bundled.
// `aggregateChecks` is zod's own, from the module it came from: a schema's derived bounds read it
// (a number's `minValue`, `maxValue` and `isInt`, which src/core/zod-issues.ts reads for its
// hints; a string's `format`, `minLength` and `maxLength`). test/cli/worker-script.test.ts holds
// the names here to the ones zod's classic schemas read.

export { aggregateChecks } from 'zod/v4/core/json-schema-processors.js';

/** What every JSON Schema hook of the Worker's zod does. */
function unavailable() {
  throw new Error(
    "zod's JSON Schema conversion is not in the Worker script: the JSON Schemas it serves are written at build time",
  );
}

// zod/v4/core/to-json-schema.js: a schema's `toJSONSchema` and its standard `jsonSchema` methods.
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;

// zod/v4/core/json-schema-processors.js: one processor per schema kind.
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullableProcessor = unavailable;
export const nullProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
