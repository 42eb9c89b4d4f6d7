import { buildOpenApi } from '../../src/rest/openapi.js';
import type { ToolDescriptor } from '../../src/tools/kernel/descriptors.js';

/**
 * The text of docs/openapi.json: the document the Worker serves, pretty-printed, with a final
 * newline, built from `descriptors` (the ones this run computes from the registry, not the file the
 * last run wrote).
 */
export function openApiFileText(descriptors: readonly ToolDescriptor[]): string {
  return `${JSON.stringify(buildOpenApi(descriptors), null, 2)}\n`;
}
