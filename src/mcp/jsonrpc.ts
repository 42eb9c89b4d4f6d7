import { badRequest } from '../core/error-catalogue.js';
import { safeParseFast } from '../core/fast-parse.js';
import type { z } from 'zod';
import type { ErrorItem } from '../core/envelope.js';
import { jsonPath } from '../core/json.js';
import { fixHintOf } from '../core/zod-issues.js';
import { isRecord, kindOf } from '../core/values.js';

export type RpcId = string | number;

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** Transport refusals (origin, media type, size, rate): `data` carries the envelope-style error. */
  SERVER_ERROR: -32000,
} as const;

interface RpcRequest {
  jsonrpc: '2.0';
  id?: RpcId;
  method: string;
  params?: unknown;
}

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId | null; error: { code: number; message: string; data?: unknown } };

export const result = (id: RpcId | null, value: unknown): RpcResponse => ({ jsonrpc: '2.0', id, result: value });

export function rpcError(id: RpcId | null, code: number, message: string, data?: unknown): RpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/**
 * A message that is not a valid JSON-RPC request (-32600), or a body that is not JSON (-32700):
 * `data` is the error item, with where the message went wrong and how to send it right.
 */
export function invalidMessage(
  id: RpcId | null,
  message: string,
  path: string,
  fix_hint: string,
  code: number = RPC.INVALID_REQUEST,
): RpcResponse {
  return rpcError(id, code, message, badRequest({ message, path, fix_hint }));
}

const REQUEST_SHAPE = 'e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/** A transport refusal as a JSON-RPC error whose `data` is the envelope error item. */
export function refusal(error: ErrorItem): RpcResponse {
  return rpcError(null, error.code === 'bad_request' ? RPC.INVALID_REQUEST : RPC.SERVER_ERROR, error.message, error);
}

const isRpcId = (v: unknown): v is RpcId => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Thrown by method handlers for bad params; the dispatcher turns it into -32602 whose `data` is the
 * error item (`code`, `message`, `path`, `fix_hint`), like every other error of this server, with
 * what the method adds beside it (resources/read: the `uri` it could not read).
 */
export class InvalidParams extends Error {
  constructor(readonly data: ErrorItem & { issues?: unknown; errors?: unknown; uri?: string }) {
    super(data.message);
  }
}

/**
 * Thrown by method handlers for a fault of the server or of the moment (storage, budget, rate), not
 * of the params: answered with its own code (`-32000`, or `-32603` for an internal fault) and the
 * error item as `data`, as the dispatcher answers a storage failure.
 */
export class RpcFault extends Error {
  constructor(
    readonly rpcCode: number,
    readonly data: ErrorItem,
  ) {
    super(data.message);
  }
}

export type Classified =
  | { kind: 'request'; msg: RpcRequest & { id: RpcId } }
  | { kind: 'notification'; msg: RpcRequest }
  | { kind: 'response' }
  | { kind: 'invalid'; response: RpcResponse };

/** Sorts one incoming JSON value into request, notification, client response, or invalid. */
export function classifyMessage(value: unknown): Classified {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      kind: 'invalid',
      response: invalidMessage(
        null,
        'Invalid Request: a JSON-RPC message must be an object.',
        '',
        `Send one JSON-RPC request object, ${REQUEST_SHAPE}.`,
      ),
    };
  }
  const m = value as Record<string, unknown>;
  const id = isRpcId(m.id) ? m.id : null;
  if (m.jsonrpc !== '2.0') {
    return {
      kind: 'invalid',
      response: invalidMessage(
        id,
        'Invalid Request: "jsonrpc" must be exactly "2.0".',
        'jsonrpc',
        'Add "jsonrpc": "2.0" to the message.',
      ),
    };
  }
  if ('id' in m && !isRpcId(m.id)) {
    return {
      kind: 'invalid',
      response: invalidMessage(
        null,
        'Invalid Request: "id" must be a string or a number.',
        'id',
        'Use a string or a finite number as "id", or leave "id" out for a notification.',
      ),
    };
  }
  if (!('method' in m) && ('result' in m || 'error' in m) && 'id' in m) return { kind: 'response' };
  if (typeof m.method !== 'string' || m.method === '') {
    return {
      kind: 'invalid',
      response: invalidMessage(
        id,
        'Invalid Request: "method" must be a non-empty string.',
        'method',
        `Name the method, ${REQUEST_SHAPE}.`,
      ),
    };
  }
  const msg = m as unknown as RpcRequest;
  return 'id' in m ? { kind: 'request', msg: msg as RpcRequest & { id: RpcId } } : { kind: 'notification', msg };
}

/**
 * MCP's base request params, which every request's params must be before its method reads them:
 * none, or an object whose `_meta`, if any, is an object; anything else is -32602 with its path.
 * (`null` reads as none, as `parseParams` reads it.)
 */
export function checkBaseParams(params: unknown): void {
  if (params == null || (isRecord(params) && (params._meta === undefined || isRecord(params._meta)))) return;
  const path = isRecord(params) ? 'params._meta' : 'params';
  throw new InvalidParams(
    badRequest({
      message: `Invalid params: ${path} must be an object, not ${kindOf(isRecord(params) ? params._meta : params)}.`,
      path,
      fix_hint: `Send ${path} as a JSON object, or leave it out.`,
    }),
  );
}

/**
 * Parses method params with a zod schema (`safeParseFast`); failures, which zod reads and words,
 * become JSON-RPC -32602 naming the first bad param (all are in `issues`).
 */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const r = safeParseFast(schema, params ?? {});
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 20).map((i) => ({ path: jsonPath(i.path, 'params'), message: i.message }));
  const first = issues[0]!;
  throw new InvalidParams({
    ...badRequest({
      message: `Invalid params: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      path: first.path,
      fix_hint: fixHintOf(r.error.issues[0]!, first.path),
    }),
    issues,
  });
}
