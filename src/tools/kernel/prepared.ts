import type { Meta, Outcome } from '../../core/envelope.js';

/**
 * A successful answer serialised once, ready to carry any request id, for any surface: the
 * envelope's JSON is split where `meta.request_id` goes (`meta` is the last member of a successful
 * envelope, so the id is its last member). Each surface's encoder builds its own wire form from
 * `head` once per answer (see `mcp/encode.ts`, `rest/encode.ts`). Instances are shared and never
 * mutated.
 */
export class PreparedAnswer {
  /** Memory held, for the answer cache's budget: the head in UTF-16, and about as much again for the encoders' forms of it. */
  readonly size: number;

  private constructor(
    readonly status: number,
    /** The envelope's meta without the request id (Cache-Control and DTPR-Content-Hash read it). */
    readonly meta: Readonly<Meta>,
    /** The envelope's JSON up to the request id's value: `{"ok":true,...,"meta":{...,"request_id":`. */
    readonly head: string,
  ) {
    this.size = 8 * head.length;
  }

  /** Prepares a successful outcome; anything else (an error, extras, a request id already set) is not prepared. */
  static from(outcome: Outcome): PreparedAnswer | undefined {
    const { envelope } = outcome;
    if (!envelope.ok || outcome.hard || outcome.extras || envelope.meta.request_id !== undefined) return undefined;
    const keys = Object.keys(envelope);
    if (keys[keys.length - 1] !== 'meta') return undefined;
    const json = JSON.stringify(envelope);
    // The JSON ends with the meta object's closing brace and the envelope's: `...}}`.
    const separator = Object.keys(envelope.meta).length > 0 ? ',' : '';
    return new PreparedAnswer(outcome.status, { ...envelope.meta }, `${json.slice(0, -2)}${separator}"request_id":`);
  }

  /** The envelope's JSON with `requestId` in its meta. */
  json(requestId: string): string {
    return `${this.head}${JSON.stringify(requestId)}}}`;
  }
}
