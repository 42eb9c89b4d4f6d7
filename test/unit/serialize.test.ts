import { describe, expect, it } from 'vitest';
import { SerializedEnvelope, serializeResponse } from '../../src/mcp/encode.js';

describe('serialising a tool result once', () => {
  const envelope = { ok: true, data: { a: 1 }, meta: {} };
  it('splices the envelope in beside the other result fields', () => {
    const text = serializeResponse({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [], structuredContent: new SerializedEnvelope(JSON.stringify(envelope)) },
    });
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: envelope } });
  });
  it('stays valid JSON when the envelope is the only field', () => {
    const text = serializeResponse({
      jsonrpc: '2.0',
      id: 'x',
      result: { structuredContent: new SerializedEnvelope(JSON.stringify(envelope)) },
    });
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 'x', result: { structuredContent: envelope } });
  });
});
