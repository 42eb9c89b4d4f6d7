import type { Meta, Outcome } from '../core/envelope.js';

const encoder = new TextEncoder();

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

/** `JSON.stringify(text)` without its quotes: `text` as it appears inside a JSON string. */
const inner = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * A successful answer serialised once, ready to carry any request id: the envelope's JSON is split
 * where `meta.request_id` goes (`meta` is the last member of a successful envelope, so the id is
 * its last member), and the same split is kept in the escaped form MCP puts in `content[0].text`.
 * The answers a single request gets (a REST body, a JSON-RPC answer) are also kept as UTF-8, so a
 * request only encodes its ids and copies bytes. Instances are shared and never mutated.
 */
export class PreparedAnswer {
  private readonly restHead: Uint8Array;
  private readonly rpcParts: readonly [Uint8Array, Uint8Array, Uint8Array];
  /** Memory held (UTF-16 strings and their UTF-8 forms), for the cache's budget. */
  readonly size: number;

  private constructor(
    readonly status: number,
    /** The envelope's meta without the request id (Cache-Control and DTPR-Content-Hash read it). */
    readonly meta: Readonly<Meta>,
    readonly mcp: Readonly<Record<string, unknown>> | undefined,
    private readonly head: string,
    private readonly quotedHead: string,
  ) {
    const others = mcp && Object.keys(mcp).length > 0 ? `,${JSON.stringify(mcp).slice(1, -1)}` : '';
    this.restHead = encoder.encode(head);
    this.rpcParts = [
      encoder.encode(`,"result":{"content":[{"type":"text","text":${quotedHead}`),
      encoder.encode(`}}"}]${others},"structuredContent":${head}`),
      encoder.encode('}}}}'),
    ];
    this.size =
      2 * (head.length + quotedHead.length) +
      this.restHead.byteLength +
      this.rpcParts.reduce((n, p) => n + p.byteLength, 0);
  }

  /** Prepares a successful outcome; anything else (an error, a request id already set) is not prepared. */
  static from(outcome: Outcome): PreparedAnswer | undefined {
    const { envelope } = outcome;
    if (!envelope.ok || outcome.hard || envelope.meta.request_id !== undefined) return undefined;
    const keys = Object.keys(envelope);
    if (keys[keys.length - 1] !== 'meta') return undefined;
    const json = JSON.stringify(envelope);
    // The JSON ends with the meta object's closing brace and the envelope's: `...}}`.
    const separator = Object.keys(envelope.meta).length > 0 ? ',' : '';
    const head = `${json.slice(0, -2)}${separator}"request_id":`;
    return new PreparedAnswer(
      outcome.status,
      { ...envelope.meta },
      outcome.mcp,
      head,
      JSON.stringify(head).slice(0, -1),
    );
  }

  /** The envelope's JSON with `requestId` in its meta. */
  json(requestId: string): string {
    return `${this.head}${JSON.stringify(requestId)}}}`;
  }

  /** `json(requestId)` as a JSON string literal (quotes included), built without escaping the envelope again. */
  quotedJson(requestId: string): string {
    return `${this.quotedHead}${inner(JSON.stringify(requestId))}}}"`;
  }

  /** `json(requestId)` as UTF-8: the REST body. */
  restBody(requestId: string): Uint8Array<ArrayBuffer> {
    return joinBytes([this.restHead, encoder.encode(`${JSON.stringify(requestId)}}}`)]);
  }

  /**
   * The JSON-RPC answer to request `id` as UTF-8: `{jsonrpc, id, result: {content: [text],
   * ...mcp, structuredContent}}`, byte for byte what `serializeResponse` writes for the result
   * `wrapPrepared` builds.
   */
  rpcBody(id: string | number, requestId: string): Uint8Array<ArrayBuffer> {
    const rid = JSON.stringify(requestId);
    const [a, b, c] = this.rpcParts;
    return joinBytes([
      encoder.encode(`{"jsonrpc":"2.0","id":${JSON.stringify(id)}`),
      a,
      encoder.encode(inner(rid)),
      b,
      encoder.encode(rid),
      c,
    ]);
  }
}
