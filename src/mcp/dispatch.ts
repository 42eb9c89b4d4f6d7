import { StorageFailure, upstreamError } from '../core/storage.js';
import { complete } from './completion.js';
import type { McpContext, MethodHandler } from './context.js';
import { rateLimitedError } from '../middleware/rate-limit.js';
import { classify, InvalidParams, result, RPC, rpcError, type RpcResponse } from './jsonrpc.js';
import { getPrompt, listPrompts } from './prompts.js';
import { empty, initialize, setLevel } from './protocol.js';
import { listResources, listResourceTemplates, readResource } from './resources.js';
import { callTool, listTools } from './tools-call.js';

/** Every method this server answers. Notifications among them are accepted and need no answer. */
const METHODS: Record<string, MethodHandler> = {
  initialize,
  ping: empty,
  'notifications/initialized': empty,
  initialized: empty,
  'notifications/cancelled': empty,
  'logging/setLevel': setLevel,
  'tools/list': listTools,
  'tools/call': callTool,
  'resources/list': listResources,
  'resources/read': readResource,
  'resources/templates/list': listResourceTemplates,
  'prompts/list': listPrompts,
  'prompts/get': getPrompt,
  'completion/complete': complete,
};

/**
 * Handles one JSON value of a POST body (or of a batch). Returns the response, or `null` when
 * nothing is owed (notifications and client responses). This is the MCP surface's one catch.
 */
export async function dispatchOne(value: unknown, ctx: McpContext): Promise<RpcResponse | null> {
  const c = classify(value);
  if (c.kind === 'invalid') return c.response;
  if (c.kind === 'response') return null;
  const handler = Object.hasOwn(METHODS, c.msg.method) ? METHODS[c.msg.method] : undefined;
  if (c.kind === 'notification') {
    if (handler && c.msg.method.startsWith('notifications/')) await handler(c.msg.params, ctx);
    return null;
  }
  const { id, method, params } = c.msg;
  if (!handler) return rpcError(id, RPC.METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 100)}`);
  if (method !== 'tools/call') {
    ctx.seen.push(method);
    // tools/call takes its token from the tool's own bucket; every other request from 'read'.
    if (!(await ctx.takeToken('read'))) {
      ctx.rateLimited = true;
      const error = rateLimitedError('read');
      return rpcError(id, RPC.SERVER_ERROR, error.message, error);
    }
  }
  try {
    return result(id, await handler(params, ctx));
  } catch (error) {
    if (error instanceof InvalidParams) return rpcError(id, RPC.INVALID_PARAMS, error.message, error.data);
    if (error instanceof StorageFailure) {
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'storage_failure',
          method,
          request_id: ctx.tool.requestId,
          error: error.message,
        }),
      );
      const item = upstreamError(ctx.tool.requestId);
      return rpcError(id, RPC.SERVER_ERROR, item.message, item);
    }
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'rpc_exception',
        method,
        request_id: ctx.tool.requestId,
        error: String(error),
      }),
    );
    return rpcError(id, RPC.INTERNAL_ERROR, 'Internal error', { request_id: ctx.tool.requestId });
  }
}
