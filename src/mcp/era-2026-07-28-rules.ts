import { RPC, type RpcId, type RpcResponse, rpcError } from './jsonrpc.js';
import type { HeaderReader } from './era.js';
import { LOG_LEVELS, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { isRecord, kindOf } from '../core/values.js';

/**
 * The rules of the 2026-07-28 revision: how a request names it, and the header checks it needs.
 * The revision is served without a handshake: every request names it in `params._meta` and in
 * the `MCP-Protocol-Version` header, and no session exists.
 */
export const MODERN_VERSION = '2026-07-28';
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
} as const;

/** The revision a message names in `params._meta`, when it names one. */
function metaVersion(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.params) || !isRecord(body.params._meta)) return undefined;
  const v = body.params._meta[META.protocolVersion];
  return typeof v === 'string' ? v : undefined;
}

/** Whether an `MCP-Protocol-Version` header names 2026-07-28 or a later date. */
function headerIsModern(headerVersion: string | undefined): boolean {
  if (headerVersion === undefined) return false;
  return /^\d{4}-\d{2}-\d{2}$/.test(headerVersion) && headerVersion >= MODERN_VERSION;
}

/**
 * Whether a POST is a 2026-07-28 request: a body that names its revision in `params._meta` (any
 * revision but a 2025 one), or whose `MCP-Protocol-Version` header names a revision of that date
 * or later (then a 2025 revision in `_meta` is a mismatch this era's checks report, with the
 * request's id). Anything else (batches, `initialize`, the 2025 headers or none) is the 2025 era's.
 */
export function isModern(body: unknown, headerVersion: string | undefined): boolean {
  if (Array.isArray(body)) return false;
  const named = metaVersion(body);
  if (named !== undefined && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(named)) return true;
  return headerIsModern(headerVersion);
}

/**
 * Whether a POST is a JSON array that is meant for 2026-07-28: its header names that revision or a
 * later one, or an entry's `params._meta` names a revision other than a 2025 one. That revision
 * takes one message per POST, so the array is refused rather than answered as a 2025 batch.
 */
export function isModernBatch(body: unknown, headerVersion: string | undefined): boolean {
  return Array.isArray(body) && (headerIsModern(headerVersion) || body.some((entry) => isModern(entry, undefined)));
}

/**
 * Every revision this server speaks, newest first: the one without a handshake, then those that
 * use `initialize`. `server/discover` lists them and an unsupported-version error names the same.
 */
export const SERVED_VERSIONS = [MODERN_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS] as const;

/** Error codes the 2026-07-28 revision reserves for itself. */
export const MODERN_RPC = { HEADER_MISMATCH: -32020, UNSUPPORTED_VERSION: -32022 } as const;

/** A request refused by the 2026-07-28 transport rules: the HTTP status and the JSON-RPC error. */
export interface Refusal {
  status: number;
  response: RpcResponse;
}

const mismatch = (id: RpcId | null, message: string, fix: string): Refusal => ({
  status: 400,
  response: rpcError(id, MODERN_RPC.HEADER_MISMATCH, `Header mismatch: ${message}`, {
    code: 'bad_request',
    message: `Header mismatch: ${message}`,
    fix_hint: fix,
  }),
});

/** A request whose `_meta` lacks what this revision requires of every request: -32602, HTTP 400. */
const invalidMeta = (id: RpcId, message: string, fix: string): Refusal => ({
  status: 400,
  response: rpcError(id, RPC.INVALID_PARAMS, `Invalid params: ${message}`, {
    code: 'bad_request',
    message: `Invalid params: ${message}`,
    path: 'params._meta',
    fix_hint: fix,
  }),
});

/**
 * A request whose `params.name` (tools/call, prompts/get) or `params.uri` (resources/read) is
 * missing or not a string: that is the body's fault, not a header's, so -32602 at that path.
 */
function missingName(id: RpcId, method: string, field: 'name' | 'uri', value: unknown): Refusal {
  const what = value === undefined ? 'is missing' : `must be a non-empty string, not ${kindOf(value)}`;
  const message = `params.${field} ${what}.`;
  return {
    status: 400,
    response: rpcError(id, RPC.INVALID_PARAMS, `Invalid params: ${message}`, {
      code: 'bad_request',
      message: `Invalid params: ${message}`,
      path: `params.${field}`,
      fix_hint:
        field === 'name'
          ? `Name the ${method === 'tools/call' ? 'tool' : 'prompt'} in params.name (tools/list or prompts/list lists them), and send the same value in the Mcp-Name header.`
          : 'Put the resource URI in params.uri (resources/list lists them), and send the same value in the Mcp-Name header.',
    }),
  };
}

const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
/** Visible ASCII and space, with no space at either end: a plain header value. */
const PLAIN_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** An `Mcp-Name` value as the body would hold it: the Base64 sentinel form decoded; undefined when malformed. */
export function decodeHeaderValue(raw: string): string | undefined {
  const sentinel = BASE64_SENTINEL.exec(raw);
  // A value shaped like the sentinel is always encoded (clients must encode such literals too).
  if (!sentinel) return PLAIN_VALUE.test(raw) && !(raw.startsWith('=?base64?') && raw.endsWith('?=')) ? raw : undefined;
  try {
    const bytes = Uint8Array.from(atob(sentinel[1]!), (ch) => ch.charCodeAt(0));
    // The BOM is kept (ignoreBOM): a value that starts with one is not the body value without it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Methods whose `Mcp-Name` header mirrors a params field. */
const NAMED: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

const FIX_HEADERS =
  'Send MCP-Protocol-Version, Mcp-Method and (for tools/call, prompts/get, resources/read) Mcp-Name headers equal to the body values, as the 2026-07-28 Streamable HTTP transport requires.';

/**
 * The 2026-07-28 request checks: the revision in `_meta` and the `MCP-Protocol-Version` header
 * agree and are served here, and `Mcp-Method` / `Mcp-Name` mirror the body. Undefined when it passes.
 */
export function checkModernRequest(id: RpcId, method: string, params: unknown, h: HeaderReader): Refusal | undefined {
  const header = h('mcp-protocol-version');
  if (header === undefined) return mismatch(id, 'the MCP-Protocol-Version header is missing.', FIX_HEADERS);
  const meta = isRecord(params) && isRecord(params._meta) ? params._meta : undefined;
  const declared = metaVersion({ params });
  if (declared === undefined) {
    return invalidMeta(
      id,
      `params._meta has no ${META.protocolVersion} (the MCP-Protocol-Version header says '${header.slice(0, 40)}').`,
      `Put "${META.protocolVersion}": "${MODERN_VERSION}" in params._meta, or use the initialize handshake of a 2025 revision.`,
    );
  }
  if (header !== declared) {
    return mismatch(
      id,
      `MCP-Protocol-Version header value '${header.slice(0, 40)}' does not match body value '${declared.slice(0, 40)}'.`,
      FIX_HEADERS,
    );
  }
  if (declared !== MODERN_VERSION) {
    const message = `Unsupported protocol version '${declared.slice(0, 40)}'.`;
    return {
      status: 400,
      response: rpcError(id, MODERN_RPC.UNSUPPORTED_VERSION, message, {
        supported: [...SERVED_VERSIONS],
        requested: declared,
      }),
    };
  }
  if (!isRecord(meta?.[META.clientCapabilities])) {
    return invalidMeta(
      id,
      `params._meta has no ${META.clientCapabilities} object.`,
      `Declare the client's capabilities on every request: "${META.clientCapabilities}": {} when it has none to declare.`,
    );
  }
  const level = meta?.[META.logLevel];
  if (level !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(level)) {
    return invalidMeta(
      id,
      `params._meta ${META.logLevel} is ${typeof level === 'string' ? `'${level.slice(0, 40)}'` : kindOf(level)}, not a log level.`,
      `Use one of: ${LOG_LEVELS.join(', ')}; or leave it out.`,
    );
  }
  const methodHeader = h('mcp-method');
  if (methodHeader === undefined) return mismatch(id, 'the Mcp-Method header is missing.', FIX_HEADERS);
  if (methodHeader !== method) {
    return mismatch(
      id,
      `Mcp-Method header value '${methodHeader.slice(0, 100)}' does not match body value '${method.slice(0, 100)}'.`,
      FIX_HEADERS,
    );
  }
  const field = Object.hasOwn(NAMED, method) ? NAMED[method] : undefined;
  if (!field) return undefined;
  const body = isRecord(params) ? params[field] : undefined;
  if (typeof body !== 'string' || body === '') return missingName(id, method, field, body);
  const nameHeader = h('mcp-name');
  if (nameHeader === undefined) return mismatch(id, `the Mcp-Name header is missing for ${method}.`, FIX_HEADERS);
  const name = decodeHeaderValue(nameHeader);
  if (name === undefined) {
    return mismatch(
      id,
      'the Mcp-Name header holds characters a plain header value may not, outside the =?base64?...?= form.',
      'Send a name or URI outside visible ASCII as Mcp-Name: =?base64?<Base64 of its UTF-8>?=.',
    );
  }
  if (name !== body) {
    return mismatch(
      id,
      `Mcp-Name header value '${name.slice(0, 100)}' does not match body value '${body.slice(0, 100)}'.`,
      FIX_HEADERS,
    );
  }
  return undefined;
}
