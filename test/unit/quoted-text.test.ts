import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeAnswer, JsonText, QuotedText, serializeResponse } from '../../src/mcp/encode.js';
import type { RpcResponse } from '../../src/mcp/jsonrpc.js';
import { quotedView, viewDocument } from '../../src/mcp/view-app.js';
import { placeholderDocument } from '../../src/services/render/placeholder.js';
import { HOSTILE } from '../helpers/hostile.js';

/** A QuotedText that refuses to be serialised through `toJSON`: only a splice writes it. */
class SplicedOnly extends QuotedText {
  override toJSON(): string {
    throw new Error('serialised through toJSON, not spliced');
  }
}

/** Values whose JSON is easy to get wrong: JSON.stringify's rules for each must hold around a splice. */
class Point {
  constructor(
    readonly x: number,
    readonly y?: number,
  ) {}
}
const ODD: unknown[] = [
  undefined,
  () => 1,
  Symbol('s'),
  new Date(0),
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  // biome-ignore lint/suspicious/noSparseArray: a hole is written as null
  [1, , 3],
  [undefined, () => 1, Symbol('t')],
  new Number(3),
  new String('s'),
  new Boolean(false),
  { toJSON: (key: string) => `key=${key}` },
  new Point(1),
  { nested: { deeper: [{ toJSON: () => undefined }] } },
];

describe('a read answer with quoted contents', () => {
  it('is serialised byte for byte as JSON.stringify writes it, the quoted text spliced in (fixed seed)', () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...ODD));
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 3 }),
        fc.array(value, { maxLength: 3 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
        (text, others, more, id) => {
          const response = (quoted: QuotedText): RpcResponse => ({
            jsonrpc: '2.0',
            id,
            result: {
              contents: [
                { uri: 'ui://x', mimeType: 'text/html', text: quoted, _meta: others, skipped: undefined },
                ...more,
              ],
              ...others,
            },
          });
          const literal = JSON.stringify(text);
          expect(serializeResponse(response(new SplicedOnly(literal)))).toBe(
            JSON.stringify(response(new QuotedText(literal))),
          );
        },
      ),
      { seed: 20261126, numRuns: 500 },
    );
  });
});

/** A JsonText that refuses to be serialised through `toJSON`: only a splice writes it. */
class JsonSplicedOnly extends JsonText {
  override toJSON(): unknown {
    throw new Error('serialised through toJSON, not spliced');
  }
}

describe('an answer with a value already written as JSON (tools/list)', () => {
  it('is serialised byte for byte as JSON.stringify writes it, the JSON spliced in (fixed seed)', () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...ODD));
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 3 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
        (written, others, id) => {
          const response = (tools: JsonText): RpcResponse => ({
            jsonrpc: '2.0',
            id,
            result: { ...others, tools, _meta: others },
          });
          const json = JSON.stringify(written);
          const expected = JSON.stringify(response(new JsonText(json)));
          const spliced = serializeResponse(response(new JsonSplicedOnly(json)));
          expect(spliced).toBe(expected);
          expect(JSON.parse(spliced).result.tools).toEqual(JSON.parse(json));
          // As bytes (a JSON answer), the JsonText's own bytes copied in: the same text.
          const bytes = encodeAnswer(response(new JsonSplicedOnly(json)), 'json');
          expect(bytes).toBeInstanceOf(Uint8Array);
          expect(new TextDecoder().decode(bytes as Uint8Array)).toBe(expected);
          expect(encodeAnswer(response(new JsonSplicedOnly(json)), 'sse')).toBe(
            `event: message\ndata: ${expected}\n\n`,
          );
        },
      ),
      { seed: 20261203, numRuns: 500 },
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
