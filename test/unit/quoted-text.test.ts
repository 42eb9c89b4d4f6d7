import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuotedText, serializeResponse } from '../../src/mcp/encode.js';
import type { RpcResponse } from '../../src/mcp/jsonrpc.js';
import { quotedView, viewDocument } from '../../src/mcp/view-app.js';
import { placeholderDocument } from '../../src/services/render/placeholder.js';
import { HOSTILE } from '../helpers/hostile.js';

const quoted = (text: string) => new QuotedText(JSON.stringify(text));

describe('a read answer with quoted contents', () => {
  it('is serialised byte for byte as JSON.stringify writes it (fixed seed)', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 3 }),
        fc.array(value, { maxLength: 3 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
        (text, others, more, id) => {
          const response: RpcResponse = {
            jsonrpc: '2.0',
            id,
            result: {
              contents: [
                { uri: 'ui://x', mimeType: 'text/html', text: quoted(text), _meta: others, skipped: undefined },
                ...more,
              ],
              ...others,
            },
          };
          expect(serializeResponse(response)).toBe(JSON.stringify(response));
        },
      ),
      { seed: 20261126, numRuns: 500 },
    );
  });
});

describe('the view as a quoted text', () => {
  it('is the view document, quoted, for the placeholder and for pages with any text', async () => {
    const pages = [
      placeholderDocument(),
      ...HOSTILE.map((h) => placeholderDocument().replace('</body>', `<p>${h} \u{1F600} \ud800 \u2028</p></body>`)),
    ];
    for (const page of pages) expect((await quotedView(page)).quoted).toBe(JSON.stringify(await viewDocument(page)));
  });
});
