import { buildOpenApi } from './openapi.js';

/**
 * The OpenAPI document as `GET /api/v2/openapi.json` serves it: here built from the registry's
 * descriptors (Node, the test suites), serialised once. The Worker's script is built with
 * `openapi-document-text.ts` in its place (cli/build/worker-script.ts, decision 062): there the
 * document is docs/openapi.json, a text module beside the script, so neither it nor its builder is
 * in the script.
 */
let text: string | undefined;
export const openApiText = (): string => (text ??= JSON.stringify(buildOpenApi()));
