import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DESCRIPTORS_TEXT } from '../../src/store/generated/descriptors-text.js';
// In this project `descriptors.js` is `descriptors-text.ts`, as in the Worker's script (vitest.config.ts).
import { argumentKinds, toolDescriptors } from '../../src/tools/kernel/descriptors.js';
import { argumentKindsOf } from '../../src/tools/kernel/query-kind.js';
import DESCRIPTORS from '../../src/tools/kernel/tool-descriptors.json';

describe("the tool descriptors as the Worker's script ships them: a text module beside it (decision 062)", () => {
  it('reads them from the text module, the same as the checked-in file, parsed once', () => {
    expect(DESCRIPTORS_TEXT).toMatch(/^[\x00-\x7f]*$/);
    expect(toolDescriptors()).toEqual(DESCRIPTORS);
    // A copy parsed from the text module, not the JSON file's own value: this project reads what the script reads.
    expect(toolDescriptors()).not.toBe(DESCRIPTORS);
    expect(toolDescriptors()).toBe(toolDescriptors());
  });

  it("gives a REST read the arguments' query kinds from the table the build wrote, as the descriptors have them", () => {
    expect(argumentKinds()).toEqual(argumentKindsOf(DESCRIPTORS));
    expect(argumentKinds().list_elements).toEqual({ locales: 'list', fields: 'list', limit: 'number' });
  });
});

describe("the OpenAPI document as the Worker's script ships it: a text module beside it", () => {
  it('serves docs/openapi.json as checked in, which the document built from the registry equals', async () => {
    // In this project `openapi-document.js` is `openapi-document-text.ts`, as in the Worker's script.
    const { openApiText } = await import('../../src/rest/openapi-document.js');
    const { buildOpenApi } = await import('../../src/rest/openapi.js');
    const checkedIn = (await import('../../docs/openapi.json')).default;
    expect(openApiText()).toMatch(/^[\x00-\x7f]*$/);
    expect(JSON.parse(openApiText())).toEqual(JSON.parse(JSON.stringify(checkedIn)));
    expect(JSON.parse(openApiText())).toEqual(buildOpenApi());
  });
});

describe("get_schema's JSON Schemas as the Worker's script ships them: a Data module beside it (decision 083)", () => {
  it('serves src/tools/kernel/instance-schemas.json as checked in, parsed once, with every form', async () => {
    // In this project `instance-schemas.js` is `instance-schemas-text.ts`, as in the Worker's script.
    const { instanceJsonSchemas } = await import('../../src/tools/kernel/instance-schemas.js');
    const { INSTANCE_SCHEMAS_BYTES } = await import('../../src/store/generated/descriptors-text.js');
    const checkedIn = (await import('../../src/tools/kernel/instance-schemas.json')).default;
    // Bytes (a Data module), in ASCII.
    expect(INSTANCE_SCHEMAS_BYTES).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(INSTANCE_SCHEMAS_BYTES).every((b) => b < 0x80)).toBe(true);
    const served = instanceJsonSchemas();
    expect(served).toEqual(JSON.parse(JSON.stringify(checkedIn)));
    expect(served).not.toBe(checkedIn);
    expect(instanceJsonSchemas()).toBe(served);
    // Nothing is converted here: a registration changes nothing (zod's converter would add it).
    const { publishSchema } = await import('../../src/domain/json-schemas.js');
    publishSchema('Unwritten', z.string());
    expect(instanceJsonSchemas()).toBe(served);
    expect(Object.keys(instanceJsonSchemas())).not.toContain('Unwritten');
    expect(Object.keys(served)).toEqual([
      'Manifest',
      'DatachainType',
      'Category',
      'Element',
      'DatachainInstance',
      'AuthoringProvenance',
      'ResolvedDatachainInstance',
    ]);
  });
});
