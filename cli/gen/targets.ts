import { renderRulesDoc } from '../rules/docs.js';
import { renderDecisionsIndex } from './decisions-index.js';
import { renderErrorsDoc } from './errors-doc.js';
import { goldenFiles } from './goldens.js';
import { openApiFileText } from './openapi-file.js';
import { instanceJsonSchemas } from '../../src/tools/kernel/instance-schemas.js';
import { renderExportsDoc } from '../../src/services/export/docs.js';
import { describeTools } from '../../src/tools/kernel/describe.js';
import { TOOLS } from '../../src/tools/kernel/registry.js';

/**
 * Every generated file that is checked in, by path relative to the repository root, with its
 * fresh text. The content bundles are generated too, but first and not checked in. Tool
 * descriptors come from the registry in code, never from the descriptor file being rewritten.
 */
export async function generatedFiles(): Promise<Record<string, string>> {
  const descriptors = describeTools(TOOLS);
  return {
    'docs/authoring-rules.md': renderRulesDoc(),
    'docs/decisions/README.md': renderDecisionsIndex(),
    'docs/errors.md': await renderErrorsDoc(),
    'docs/exports.md': renderExportsDoc(),
    'docs/openapi.json': openApiFileText(descriptors),
    'src/tools/kernel/tool-descriptors.json': `${JSON.stringify(descriptors, null, 2)}\n`,
    // The content and datachain forms' JSON Schemas (get_schema's `schema_json`), from the zod schemas
    // the registry's tools import: the Worker's script ships them beside it (decision 083).
    'src/tools/kernel/instance-schemas.json': `${JSON.stringify(instanceJsonSchemas(), null, 2)}\n`,
    ...(await goldenFiles()),
  };
}
