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

describe('an answer with values already written as JSON (tools/list)', () => {
  it('is serialised byte for byte as JSON.stringify writes it, the JSON spliced in (fixed seed)', () => {
    // Any code point, U+0000 and lone surrogates included, in keys, values, ids and the written JSON.
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('\u0000', 'a\u0000b', '\ud800'));
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }), text, fc.constantFrom(...ODD));
    const written = fc.oneof(fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }), text);
    fc.assert(
      fc.property(
        written,
        written,
        fc.dictionary(text, value, { maxKeys: 3 }),
        fc.oneof(fc.integer(), text),
        (first, second, others, id) => {
          // Two written values, in their order, and a QuotedText beside them.
          const response = (tools: JsonText, more: JsonText): RpcResponse => ({
            jsonrpc: '2.0',
            id,
            result: { ...others, tools, _meta: { ...others, more, quoted: new QuotedText(JSON.stringify(id)) } },
          });
          const [a, b] = [JSON.stringify(first), JSON.stringify(second)];
          const expected = JSON.stringify(response(new JsonText(a), new JsonText(b)));
          const spliced = () => response(new JsonSplicedOnly(a), new JsonSplicedOnly(b));
          expect(serializeResponse(spliced())).toBe(expected);
          expect(JSON.parse(serializeResponse(spliced())).result.tools).toEqual(JSON.parse(a));
          // As bytes (a JSON answer), each JsonText's own bytes copied in: the same UTF-8.
          const bytes = encodeAnswer(spliced(), 'json');
          expect(bytes).toBeInstanceOf(Uint8Array);
          expect(Buffer.from(bytes as Uint8Array).equals(Buffer.from(expected, 'utf8'))).toBe(true);
          expect(encodeAnswer(spliced(), 'sse')).toBe(`event: message\ndata: ${expected}\n\n`);
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
