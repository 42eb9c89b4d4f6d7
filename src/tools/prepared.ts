import type { Meta, Outcome } from '../core/envelope.js';

/**
 * A successful answer serialised once, ready to carry any request id: the envelope's JSON is split
 * where `meta.request_id` goes (`meta` is the last member of a successful envelope, so the id is
 * its last member), and the same split is kept in the escaped form MCP puts in `content[0].text`.
 * Instances are shared between requests and never mutated.
 */
export class PreparedAnswer {
  private constructor(
    readonly status: number,
    /** The envelope's meta without the request id (Cache-Control and DTPR-Content-Hash read it). */
    readonly meta: Readonly<Meta>,
    readonly mcp: Readonly<Record<string, unknown>> | undefined,
    private readonly head: string,
    private readonly quotedHead: string,
    /** Bytes held, for the cache's budget. */
    readonly size: number,
  ) {}

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
    const quotedHead = JSON.stringify(head).slice(0, -1);
    return new PreparedAnswer(outcome.status, { ...envelope.meta }, outcome.mcp, head, quotedHead, head.length + quotedHead.length);
  }

  /** The envelope's JSON with `requestId` in its meta. */
  json(requestId: string): string {
    return `${this.head}${JSON.stringify(requestId)}}}`;
  }

  /** `json(requestId)` as a JSON string literal (quotes included), built without escaping the envelope again. */
  quotedJson(requestId: string): string {
    return `${this.quotedHead}${JSON.stringify(JSON.stringify(requestId)).slice(1, -1)}}}"`;
  }
}
