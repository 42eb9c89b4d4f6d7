import type { Limits } from '../core/limits.js';
import type { CallContext, RateBucket } from '../tools/define.js';

/** Per-request state the method handlers see. */
export interface McpContext {
  tool: CallContext;
  env: Env;
  /** Set by `initialize`: the session id the route sends back in `Mcp-Session-Id`. */
  issuedSessionId?: string;
  /** The session id header the client sent, if any. */
  clientSessionId?: string;
  limits: Limits;
  /** Takes one token of the caller's bucket; false when the caller is over its limit. */
  takeToken(bucket: RateBucket): Promise<boolean>;
  /** Set when any message of the request was refused for rate; the route adds Retry-After. */
  rateLimited?: boolean;
  /** JSON-RPC methods (and tool names) seen, for the request log line. */
  seen: string[];
}

export type MethodHandler = (params: unknown, ctx: McpContext) => unknown | Promise<unknown>;
