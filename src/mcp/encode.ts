import type { PreparedAnswer } from '../tools/kernel/prepared.js';
import type { RpcId, RpcResponse } from './jsonrpc.js';

/**
 * The MCP wire encoder: JSON-RPC responses as text or UTF-8, with a tool's envelope serialised
 * once. Its text goes both into `content[0].text` and, verbatim, into `structuredContent`.
 */

const encoder = new TextEncoder();

/** `JSON.stringify(text)` without its quotes: `text` as it appears inside a JSON string. */
export const inner = (text: string) => JSON.stringify(text).slice(1, -1);

/** The envelope of a tool result, serialised once; one from a prepared answer keeps it and its request id. */
export class SerializedEnvelope {
  constructor(
    readonly json: string,
    readonly prepared?: { answer: PreparedAnswer; requestId: string },
  ) {}
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * A text whose JSON string literal is already written: `quoted` must be exactly what
 * `JSON.stringify` writes for the text (quotes included), e.g. `inner` of parts cut between whole
 * characters, joined and quoted. `serializeResponse` splices it in when a read's `contents` holds
 * one; a serialiser that calls `toJSON` (JSON.stringify) gets the text itself, parsed back.
 */
export class QuotedText {
  constructor(readonly quoted: string) {}
  toJSON(): string {
    return JSON.parse(this.quoted) as string;
  }
}

/**
 * A JSON value already written: `json` must be exactly what `JSON.stringify` writes for the value.
 * An answer that is the same for every request (tools/list's descriptors, per icon release and
 * origin) keeps its JSON so that a request does not write it again; `serializeResponse` splices it
 * in as written where it is the value of a result's own key. A serialiser that calls `toJSON`
 * (JSON.stringify) gets the value itself, parsed back.
 */
export class JsonText {
  #bytes: Uint8Array | undefined;
  constructor(readonly json: string) {}
  /** `json` as UTF-8, encoded on first use and kept. */
  get bytes(): Uint8Array {
    this.#bytes ??= encoder.encode(this.json);
    return this.#bytes;
  }
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * Where `withSpliced` leaves a JsonText's place when it is given a list to collect them in. JSON
 * text never holds a raw U+0000 (JSON.stringify escapes it, and a QuotedText or a JsonText is JSON
 * text), so each one in the output is a JsonText's place.
 */
const PLACE = '\u0000';

/**
 * The text a QuotedText or a JsonText is spliced in as (a JsonText's place when `found` collects
 * them), else undefined.
 */
function splicedText(value: unknown, found: JsonText[] | undefined): string | undefined {
  if (value instanceof QuotedText) return value.quoted;
  if (!(value instanceof JsonText)) return undefined;
  if (!found) return value.json;
  found.push(value);
  return PLACE;
}

/**
 * The JSON of `value` as JSON.stringify writes it (`toJSON` called with its key, holes and values
 * without JSON as `null` in arrays and left out of objects, boxed primitives unwrapped), with each
 * QuotedText and JsonText spliced in as written; with `found`, each JsonText is left out and its
 * place marked (`PLACE`), and the JsonTexts are listed there in order. Only for the acyclic data of an answer.
 */
function withSpliced(value: unknown, key: string, found?: JsonText[]): string | undefined {
  const spliced = splicedText(value, found);
  if (spliced !== undefined) return spliced;
  let v = value;
  if (typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON(key: string): unknown }).toJSON(key);
    const splicedNow = splicedText(v, found);
    if (splicedNow !== undefined) return splicedNow;
  }
  if (typeof v !== 'object' || v === null || v instanceof Number || v instanceof String || v instanceof Boolean) {
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) {
    const items: string[] = [];
    for (let i = 0; i < v.length; i++) items.push(withSpliced(v[i], String(i), found) ?? 'null');
    return `[${items.join(',')}]`;
  }
  const fields: string[] = [];
  for (const k of Object.keys(v)) {
    const json = withSpliced((v as Record<string, unknown>)[k], k, found);
    if (json !== undefined) fields.push(`${JSON.stringify(k)}:${json}`);
  }
  return `{${fields.join(',')}}`;
}

/** Whether one of a result's own values is a JsonText. */
function hasJsonText(result: Record<string, unknown> | null): boolean {
  if (result === null || typeof result !== 'object') return false;
  for (const key in result) if (result[key] instanceof JsonText) return true;
  return false;
}

/** Whether a result holds text to splice: a QuotedText in its `contents` (resources/read), a JsonText as one of its values. */
function hasSplices(result: Record<string, unknown> | null): boolean {
  const contents = result?.contents;
  if (Array.isArray(contents) && contents.some((c) => (c as { text?: unknown } | null)?.text instanceof QuotedText))
    return true;
  return hasJsonText(result);
}

/** The JSON-RPC forms of one prepared answer, built on its first MCP use and kept beside it. */
interface RpcTemplate {
  /** `head` as a JSON string literal without its closing quote: the text copy's prefix. */
  quotedHead: string;
  parts: readonly [Uint8Array, Uint8Array, Uint8Array];
}

const templates = new WeakMap<PreparedAnswer, RpcTemplate>();

function templateOf(answer: PreparedAnswer): RpcTemplate {
  let t = templates.get(answer);
  if (!t) {
    const quotedHead = JSON.stringify(answer.head).slice(0, -1);
    t = {
      quotedHead,
      parts: [
        encoder.encode(`,"result":{"content":[{"type":"text","text":${quotedHead}`),
        encoder.encode(`}}"}],"structuredContent":${answer.head}`),
        encoder.encode('}}}}'),
      ],
    };
    templates.set(answer, t);
  }
  return t;
}

/** One buffer holding `parts` in order. */
function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const p of parts) size += p.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** `"content":[{"type":"text","text":...}]` when the result's content is only the envelope's text and it comes from a prepared answer. */
function quotedContent(result: Record<string, unknown>, raw: SerializedEnvelope): string | undefined {
  const content = result.content;
  if (raw.prepared === undefined || !Array.isArray(content) || content.length !== 1) return undefined;
  const item = content[0] as Record<string, unknown>;
  if (Object.keys(item).length !== 2 || item.type !== 'text' || item.text !== raw.json) return undefined;
  const { answer, requestId } = raw.prepared;
  return `"content":[{"type":"text","text":${templateOf(answer).quotedHead}${inner(JSON.stringify(requestId))}}}"}]`;
}

/**
 * Serialises one JSON-RPC response. A read's QuotedText contents and a result's JsonText values are spliced in as written; a
 * tool result's `structuredContent` that is already text is spliced in as is, so an envelope is
 * serialised once rather than twice; its text copy in `content` is spliced in too when it comes
 * from a prepared answer.
 */
export function serializeResponse(response: RpcResponse): string {
  const result = 'result' in response ? (response.result as Record<string, unknown> | null) : null;
  if (hasSplices(result)) return withSpliced(response, '')!;
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
 * The JSON-RPC answer to request `id` whose tool result is only a prepared answer, as UTF-8:
 * `{jsonrpc, id, result: {content: [text], structuredContent}}`, byte for byte what
 * `serializeResponse` writes for it; a request only encodes its ids and copies bytes.
 */
function preparedRpcBytes(id: RpcId, answer: PreparedAnswer, requestId: string): Uint8Array<ArrayBuffer> {
  const rid = JSON.stringify(requestId);
  const [a, b, c] = templateOf(answer).parts;
  return joinBytes([
    encoder.encode(`{"jsonrpc":"2.0","id":${JSON.stringify(id)}`),
    a,
    encoder.encode(inner(rid)),
    b,
    encoder.encode(rid),
    c,
  ]);
}

/**
 * The bytes of an answer whose result holds a JsonText: what `serializeResponse` writes for it, with
 * each JsonText's bytes copied in rather than its text joined and encoded again; else undefined.
 */
function splicedBytes(response: RpcResponse): Uint8Array<ArrayBuffer> | undefined {
  if (!('result' in response) || !hasJsonText(response.result as Record<string, unknown> | null)) return undefined;
  const found: JsonText[] = [];
  const pieces = withSpliced(response, '', found)!.split(PLACE);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pieces.length; i++) {
    parts.push(encoder.encode(pieces[i]));
    if (i < found.length) parts.push(found[i]!.bytes);
  }
  return joinBytes(parts);
}

/** The bytes of a single answer whose result is exactly a prepared answer's, else undefined. */
function preparedBytes(response: RpcResponse): Uint8Array<ArrayBuffer> | undefined {
  if (!('result' in response) || response.id === null) return undefined;
  const result = response.result as Record<string, unknown> | null;
  const raw = result?.structuredContent;
  if (!(raw instanceof SerializedEnvelope) || !raw.prepared || Object.keys(result!).length !== 2) return undefined;
  return preparedRpcBytes(response.id, raw.prepared.answer, raw.prepared.requestId);
}

export type Framing = 'json' | 'sse';

/** The body of a POST answer: bytes for a prepared JSON answer, else the serialised text; SSE frames it as one event. */
export function encodeAnswer(response: RpcResponse | string, framing: Framing): string | Uint8Array<ArrayBuffer> {
  const json =
    typeof response === 'string'
      ? response
      : ((framing === 'json' ? (preparedBytes(response) ?? splicedBytes(response)) : undefined) ??
        serializeResponse(response));
  return framing === 'sse' ? `event: message\ndata: ${json}\n\n` : json;
}

export const CONTENT_TYPE: Record<Framing, string> = { json: 'application/json', sse: 'text/event-stream' };
