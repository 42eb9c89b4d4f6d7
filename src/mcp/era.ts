import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SessionSlots } from '../store/sessions.js';
import type { McpContext, MethodHandler } from './context.js';
import type { RpcResponse } from './jsonrpc.js';

/** Reads a request header by its (case-insensitive) name. */
export type HeaderReader = (name: string) => string | undefined;

/** What one POST /mcp is answered with, before encoding. */
export interface EraAnswer {
  status: number;
  /**
   * Absent for an empty answer (202, 204). A response object, or already serialised text: a JSON
   * array of responses (a batch) when `stream` is false, framed SSE events when it is true.
   */
  body?: RpcResponse | string;
  /** True when `body` is an already framed event stream. */
  stream?: boolean;
  headers: Record<string, string>;
  /** The methods (and tools) answered, for the request log line. */
  labels: string[];
}

/**
 * One MCP protocol era: everything that differs between the revisions with the `initialize`
 * handshake (2025) and the revision without one (2026-07-28). The route and the method handlers
 * are era-blind: the route asks `eraOf` which era a POST belongs to and lets it answer; the
 * handlers run in the context the era builds and return plain results the era stamps.
 */
export interface Era {
  readonly name: '2025' | '2026-07-28';
  /** Request headers this era reads; a browser's CORS preflight must allow each. */
  readonly requestHeaders: readonly string[];
  /** Whether a POST body (with its headers) is this era's. */
  claims(body: unknown, header: HeaderReader): boolean;
  /**
   * The context the methods of one request run in. Its session store (`caller.sessions`) decides
   * what a render links to: the session's view in 2025, a handle any later request reads in 2026-07-28.
   */
  context(c: Context<AppEnv>, slots: SessionSlots): McpContext;
  /** The methods this revision answers; any other is -32601. */
  readonly methods: Readonly<Record<string, MethodHandler>>;
  /** Methods `answer` serves itself, before dispatch (named with `methods` where a -32601 lists them). */
  readonly ownMethods?: readonly string[];
  /** A method's result as this revision sends it; runs inside the release-loading seam. */
  stamp(method: string, params: unknown, result: unknown, ctx: McpContext): unknown;
  /**
   * Answers the POST under this revision's header rules and HTTP statuses; `context` is built
   * only once the headers pass.
   */
  answer(body: unknown, header: HeaderReader, context: () => McpContext): Promise<EraAnswer>;
}
