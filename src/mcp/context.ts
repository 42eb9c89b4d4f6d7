import type { ToolContext } from '../tools/define.js';

/** Per-request state the method handlers see. */
export interface McpContext {
  tool: ToolContext;
  env: Env;
  /** Set by `initialize`: the session id the route sends back in `Mcp-Session-Id`. */
  issuedSessionId?: string;
  /** The session id header the client sent, if any. */
  clientSessionId?: string;
}

export type MethodHandler = (params: unknown, ctx: McpContext) => unknown | Promise<unknown>;
