import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../cli/paths.js';
import { FINDING_CODES } from '../../cli/rules/catalogue.js';

describe('docs/authoring-rules.md', () => {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'authoring-rules.md'), 'utf8');

  it('lists every code with its severity', () => {
    for (const code of FINDING_CODES) expect(doc).toMatch(new RegExp(`\\| \`${code}\` \\| (error|warning) \\|`));
  });
});
