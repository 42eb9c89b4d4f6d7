import type { Limits } from '../core/settings.js';
import type { Caller } from '../tools/kernel/invoke.js';

/** Per-request state the method handlers see; handlers answer through their return values. */
export interface McpContext {
  /** The capabilities and rate tokens every tool call and resource read of the request uses. */
  caller: Caller;
  /** The session id header the client sent, if any. */
  clientSessionId?: string;
  /** Where issued sessions are recorded (`initialize`). */
  sessionRecords: KVNamespace;
  limits: Limits;
  /** The deployment's public origin, when one is configured (`websiteUrl` of the server identity). */
  website?: string;
}

/** Marks a method's answer that tells the transport something besides its result. */
export const REPLY: unique symbol = Symbol('reply');

/**
 * A method's answer with what it tells the transport besides its result: the session it issued
 * (sent back as `Mcp-Session-Id`), or that it was refused for rate (`Retry-After`). Plain data:
 * `{ [REPLY]: true, result, effects }`.
 */
export interface Reply {
  readonly [REPLY]: true;
  readonly result: unknown;
  readonly effects: { session?: string; rateLimited?: boolean; label?: string };
}

export type MethodHandler = (params: unknown, ctx: McpContext) => unknown | Promise<unknown>;
