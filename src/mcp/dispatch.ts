import { notFound, rateLimited, upstreamError } from '../core/error-catalogue.js';
import { StorageFailure } from '../core/storage.js';
import { complete } from './completion.js';
import { type McpContext, type MethodHandler, REPLY, type Reply } from './context.js';
import {
  classifyMessage,
  checkBaseParams,
  InvalidParams,
  result,
  RPC,
  RpcFault,
  rpcError,
  type RpcId,
  type RpcResponse,
} from './jsonrpc.js';
import { withReleases } from '../store/loading.js';
import type { Era } from './era.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, listResourceTemplates, readResource } from './resources.js';
import { callTool, listTools } from './tools-call.js';

/** The methods every protocol era answers; each era adds its own (`initialize`, `server/discover`...). */
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

/** What dispatching needs of an era: its method table and how it stamps a result. */
export type Methods = Pick<Era, 'methods' | 'stamp' | 'ownMethods'>;

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
  stamp: Methods['stamp'];
}

/** One per-message concern: answers the request itself, or passes it on with `next`. */
type Step = (req: Request, ctx: McpContext, next: () => Promise<Dispatched>) => Promise<Dispatched>;

/** Any method but tools/call takes a 'read' token; tools/call takes its tool's own in the call pipeline. */
const rateRead: Step = async (req, ctx, next) => {
  if (req.method === 'tools/call' || (await ctx.caller.takeToken('read'))) return next();
  const error = rateLimited('read');
  return { response: rpcError(req.id, RPC.SERVER_ERROR, error.message, error), rateLimited: true, label: req.method };
};

/**
 * The surface's one catch: bad params are -32602, a storage fault -32000 `upstream_error`, a fault a
 * method names (`RpcFault`) its own code, any other -32603.
 */
const catchFaults: Step = async (req, ctx, next) => {
  try {
    return await next();
  } catch (error) {
    const { requestId } = ctx.caller;
    if (error instanceof InvalidParams) {
      return { response: rpcError(req.id, RPC.INVALID_PARAMS, error.message, error.data), label: req.method };
    }
    if (error instanceof RpcFault)
      return { response: rpcError(req.id, error.rpcCode, error.message, error.data), label: req.method };
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
    const item = upstreamError(requestId, error.release);
    return { response: rpcError(req.id, RPC.SERVER_ERROR, item.message, item), label: req.method };
  }
};

/**
 * The params' base shape, which every method takes (`checkBaseParams`); then the method, then the
 * stamping of its result, each inside the release-loading seam (each may name a release not read yet; the seam reads it and runs that part again). They are two: stamping that
 * meets an unread release (the icons' `ai@latest`) runs again alone, never the method, which may
 * have taken a rate token or done a tool's work. A `Reply` carries effects besides its result.
 */
const run: Step = async (req, ctx) => {
  checkBaseParams(req.params);
  const store = ctx.caller.store;
  const value = await withReleases(store, () => req.handler(req.params, ctx));
  return withReleases(store, () => answered(req, ctx, value));
};

function answered(req: Request, ctx: McpContext, value: unknown): Dispatched {
  const reply = isReply(value) ? value : undefined;
  const stamped = req.stamp(req.method, req.params, reply ? reply.result : value, ctx);
  return { response: result(req.id, stamped), label: req.method, ...reply?.effects };
}

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && (value as Partial<Reply>)[REPLY] === true;

const STEPS: readonly Step[] = [rateRead, catchFaults, run];

function through(req: Request, ctx: McpContext, at: number): Promise<Dispatched> {
  return STEPS[at]!(req, ctx, () => through(req, ctx, at + 1));
}

/** Handles one JSON value of a POST body (or of a batch). */
export async function dispatchOne(value: unknown, ctx: McpContext, era: Methods): Promise<Dispatched> {
  const c = classifyMessage(value);
  if (c.kind === 'invalid') return { response: c.response };
  if (c.kind === 'response') return { response: null };
  const handler = Object.hasOwn(era.methods, c.msg.method) ? era.methods[c.msg.method] : undefined;
  if (c.kind === 'notification') {
    if (handler && c.msg.method.startsWith('notifications/')) await handler(c.msg.params, ctx);
    return { response: null };
  }
  return dispatchRequest(c.msg, ctx, era);
}

/** The methods an era answers requests for (its notifications need no answer, so they are not offered). */
const requestMethods = (era: Methods) => [
  ...Object.keys(era.methods).filter((m) => !m.startsWith('notifications/') && m !== 'initialized'),
  ...(era.ownMethods ?? []),
];

/** -32601 for a method the era does not serve; `data` names the methods it does. */
function methodNotFound(id: RpcId, method: string, era: Methods): RpcResponse {
  const message = `Method not found: ${method.slice(0, 100)}`;
  return rpcError(
    id,
    RPC.METHOD_NOT_FOUND,
    message,
    notFound({
      message,
      path: 'method',
      fix_hint: `Use a method this protocol revision serves: ${requestMethods(era).join(', ')}.`,
    }),
  );
}

/** Answers one classified request with an era's method table (unknown methods are -32601) and stamping. */
export function dispatchRequest(
  { id, method, params }: { id: RpcId; method: string; params?: unknown },
  ctx: McpContext,
  era: Methods,
): Promise<Dispatched> {
  const handler = Object.hasOwn(era.methods, method) ? era.methods[method] : undefined;
  if (!handler) return Promise.resolve({ response: methodNotFound(id, method, era) });
  return through({ id, method, params, handler, stamp: era.stamp }, ctx, 0);
}
