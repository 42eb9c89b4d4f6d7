import type { PreparedAnswer } from '../tools/prepared.js';
import type { RpcResponse } from './jsonrpc.js';

/**
 * An envelope serialised once: its text goes both into `content[0].text` and, verbatim, into
 * `structuredContent`. One that comes from a prepared answer also knows its text as a JSON string
 * literal, so the text copy is not escaped again.
 */
export class SerializedEnvelope {
  constructor(
    readonly json: string,
    /** The prepared answer this envelope came from, with its request id, when it did. */
    readonly prepared?: { answer: PreparedAnswer; requestId: string },
  ) {}
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** `"content":[{"type":"text","text":...}]` when the result's content is only the envelope's text and it comes from a prepared answer. */
function quotedContent(result: Record<string, unknown>, raw: SerializedEnvelope): string | undefined {
  const content = result.content;
  if (raw.prepared === undefined || !Array.isArray(content) || content.length !== 1) return undefined;
  const item = content[0] as Record<string, unknown>;
  if (Object.keys(item).length !== 2 || item.type !== 'text' || item.text !== raw.json) return undefined;
  return `"content":[{"type":"text","text":${raw.prepared.answer.quotedJson(raw.prepared.requestId)}}]`;
}

/**
 * Serialises one JSON-RPC response. A tool result's `structuredContent` that is already text is
 * spliced in as is, so an envelope is serialised once rather than twice; its text copy in
 * `content` is spliced in too when it comes from a prepared answer.
 */
export function serializeResponse(response: RpcResponse): string {
  const result = 'result' in response ? (response.result as Record<string, unknown> | null) : null;
  const raw = result?.structuredContent;
  if (!(raw instanceof SerializedEnvelope)) return JSON.stringify(response);
  const { structuredContent: _, ...rest } = result!;
  const content = quotedContent(rest, raw);
  if (content !== undefined) delete rest.content;
  const opening = JSON.stringify({ jsonrpc: response.jsonrpc, id: response.id, result: {} }).slice(0, -2);
  const others = Object.keys(rest).length > 0 ? JSON.stringify(rest).slice(1, -1) : undefined;
  const fields = [content, others, `"structuredContent":${raw.json}`].filter((f) => f !== undefined);
  return `${opening}${fields.join(',')}}}`;
}

/**
 * The UTF-8 bytes of a single JSON-RPC answer whose tool result is a prepared answer (see
 * `PreparedAnswer.rpcBody`), or undefined for any other answer (serialise it instead).
 */
export function preparedBytes(response: RpcResponse): Uint8Array<ArrayBuffer> | undefined {
  if (!('result' in response) || response.id === null) return undefined;
  const raw = (response.result as Record<string, unknown> | null)?.structuredContent;
  if (!(raw instanceof SerializedEnvelope) || !raw.prepared) return undefined;
  return raw.prepared.answer.rpcBody(response.id, raw.prepared.requestId);
}
