import { rateLimited, upstreamError } from '../core/error-catalogue.js';
import { StorageFailure } from '../core/storage.js';
import { complete } from './completion.js';
import { type McpContext, type MethodHandler, REPLY, type Reply } from './context.js';
import { classifyMessage, InvalidParams, result, RPC, rpcError, type RpcId, type RpcResponse } from './jsonrpc.js';
import { withReleases } from '../store/store.js';
import { getPrompt, listPrompts } from './prompts.js';
import { empty, initialize, setLevel } from './protocol.js';
import { listResources, listResourceTemplates, readResource } from './resources.js';
import { callTool, listTools } from './tools-call.js';

/** The methods both protocol eras answer (2026-07-28 adds only `server/discover`). */
export const SHARED_METHODS: Readonly<Record<string, MethodHandler>> = {
  'tools/list': listTools,
  'tools/call': callTool,
  'resources/list': listResources,
  'resources/read': readResource,
  'resources/templates/list': listResourceTemplates,
  'prompts/list': listPrompts,
  'prompts/get': getPrompt,
  'completion/complete': complete,
};

/** Every method of the 2025 era. Notifications among them are accepted and need no answer. */
const METHODS: Record<string, MethodHandler> = {
  initialize,
  ping: empty,
  'notifications/initialized': empty,
  initialized: empty,
  'notifications/cancelled': empty,
  'logging/setLevel': setLevel,
  ...SHARED_METHODS,
};

/** What one message owes: its response (null for notifications and client responses) and what it tells the transport. */
export interface Dispatched {
  response: RpcResponse | null;
  /** The session `initialize` issued. */
  session?: string;
  /** True when the message was refused for rate. */
  rateLimited?: boolean;
  /** The method (and tool) for the request log line. */
  label?: string;
}

interface Request {
  id: RpcId;
  method: string;
  params: unknown;
  handler: MethodHandler;
}

/** One per-message concern: answers the request itself, or passes it on with `next`. */
type Step = (req: Request, ctx: McpContext, next: () => Promise<Dispatched>) => Promise<Dispatched>;

/** Any method but tools/call takes a 'read' token; tools/call takes its tool's own in the call pipeline. */
const rateRead: Step = async (req, ctx, next) => {
  if (req.method === 'tools/call' || (await ctx.caller.takeToken('read'))) return next();
  const error = rateLimited('read');
  return { response: rpcError(req.id, RPC.SERVER_ERROR, error.message, error), rateLimited: true, label: req.method };
};

/** The surface's one catch: bad params are -32602, a storage fault -32000 `upstream_error`, any other -32603. */
const catchFaults: Step = async (req, ctx, next) => {
  try {
    return await next();
  } catch (error) {
    const { requestId } = ctx.caller;
    if (error instanceof InvalidParams) {
      return { response: rpcError(req.id, RPC.INVALID_PARAMS, error.message, error.data), label: req.method };
    }
    const storage = error instanceof StorageFailure;
    const detail = storage ? error.message : String(error);
    const event = storage ? 'storage_failure' : 'rpc_exception';
    console.error(JSON.stringify({ level: 'error', event, method: req.method, request_id: requestId, error: detail }));
    if (!storage) {
      return {
        response: rpcError(req.id, RPC.INTERNAL_ERROR, 'Internal error', { request_id: requestId }),
        label: req.method,
      };
    }
    const item = upstreamError(requestId);
    return { response: rpcError(req.id, RPC.SERVER_ERROR, item.message, item), label: req.method };
  }
};

/** The method itself, run again after reading a release it needed; a `Reply` carries effects besides its result. */
const run: Step = async (req, ctx) => {
  const value = await withReleases(ctx.caller.store, () => req.handler(req.params, ctx));
  if (!isReply(value)) return { response: result(req.id, value), label: req.method };
  return { response: result(req.id, value.result), label: req.method, ...value.effects };
};

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && (value as Partial<Reply>)[REPLY] === true;

const STEPS: readonly Step[] = [rateRead, catchFaults, run];

function through(req: Request, ctx: McpContext, at: number): Promise<Dispatched> {
  return STEPS[at]!(req, ctx, () => through(req, ctx, at + 1));
}

/** Handles one JSON value of a POST body (or of a batch). */
export async function dispatchOne(
  value: unknown,
  ctx: McpContext,
  methods: Readonly<Record<string, MethodHandler>> = METHODS,
): Promise<Dispatched> {
  const c = classifyMessage(value);
  if (c.kind === 'invalid') return { response: c.response };
  if (c.kind === 'response') return { response: null };
  const handler = Object.hasOwn(methods, c.msg.method) ? methods[c.msg.method] : undefined;
  if (c.kind === 'notification') {
    if (handler && c.msg.method.startsWith('notifications/')) await handler(c.msg.params, ctx);
    return { response: null };
  }
  return dispatchRequest(c.msg, ctx, methods);
}

/** Answers one classified request with the given method table (unknown methods are -32601). */
export function dispatchRequest(
  { id, method, params }: { id: RpcId; method: string; params?: unknown },
  ctx: McpContext,
  methods: Readonly<Record<string, MethodHandler>>,
): Promise<Dispatched> {
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler)
    return Promise.resolve({
      response: rpcError(id, RPC.METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 100)}`),
    });
  return through({ id, method, params, handler }, ctx, 0);
}
