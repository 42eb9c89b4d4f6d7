import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC, renderErrorsDoc } from '../../cli/gen-errors-doc.js';
import { DATACHAIN_CODES, TRANSPORT_CODES } from '../../src/core/errors.js';

describe('docs/errors.md', () => {
  it('matches a fresh generation from the catalogue (run `npm run docs:errors` after changing codes)', async () => {
    const fresh = await renderErrorsDoc();
    expect(readFileSync(ERRORS_DOC, 'utf8'), 'docs/errors.md is stale: run `npm run docs:errors`').toBe(fresh);
  });

  it('documents every code with an example', async () => {
    const doc = await renderErrorsDoc();
    for (const code of [...Object.keys(TRANSPORT_CODES), ...Object.keys(DATACHAIN_CODES)]) {
      expect(doc).toContain(`| \`${code}\` |`);
      expect(doc).toMatch(new RegExp(`#### \`${code}\``));
    }
  });
});
