import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../cli/gen/targets.js';
import { PROJECT_ROOT } from '../../cli/paths.js';

describe('generated files', () => {
  it('every checked-in generated file is current (`npm run gen` rewrites them)', async () => {
    const files = await generatedFiles();
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'docs/errors.md',
        'docs/decisions/README.md',
        'docs/openapi.json',
        'docs/authoring-rules.md',
        'src/tools/kernel/tool-descriptors.json',
        'src/tools/kernel/instance-schemas.json',
      ]),
    );
    const stale = Object.entries(files)
      .filter(([file, text]) => readFileSync(join(PROJECT_ROOT, file), 'utf8') !== text)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });
});
