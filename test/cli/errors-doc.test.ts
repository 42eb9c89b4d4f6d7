import { describe, expect, it } from 'vitest';
import { renderErrorsDoc } from '../../cli/gen/errors-doc.js';
import { DATACHAIN_CODES, TRANSPORT_CODES } from '../../src/core/errors.js';

describe('docs/errors.md', () => {
  it('documents every code with an example', async () => {
    const doc = await renderErrorsDoc();
    for (const code of [...Object.keys(TRANSPORT_CODES), ...Object.keys(DATACHAIN_CODES)]) {
      expect(doc).toContain(`| \`${code}\` |`);
      expect(doc).toMatch(new RegExp(`#### \`${code}\``));
    }
  });
});
