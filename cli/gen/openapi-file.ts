import { buildOpenApi } from '../../src/rest/openapi.js';

/** The text of docs/openapi.json: the document the Worker serves, pretty-printed, with a final newline. */
export function openApiFileText(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
