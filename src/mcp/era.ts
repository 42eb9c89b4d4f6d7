import { RPC, type RpcId, type RpcResponse, rpcError } from './jsonrpc.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';

/**
 * The MCP revision served without a handshake: every request names it in `params._meta` and in the
 * `MCP-Protocol-Version` header, and no session exists. Older revisions keep the 2025 handshake.
 */
export const MODERN_VERSION = '2026-07-28';
/** Every revision this server speaks, newest first: the modern one, then those that use `initialize`. */
const ALL_PROTOCOL_VERSIONS = [MODERN_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS] as const;

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
} as const;

/** Error codes the 2026-07-28 revision reserves for itself. */
export const MODERN_RPC = { HEADER_MISMATCH: -32020, UNSUPPORTED_VERSION: -32022 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The revision a message names in `params._meta`, when it names one. */
function metaVersion(body: unknown): string | undefined {
  if (!isObject(body) || !isObject(body.params) || !isObject(body.params._meta)) return undefined;
  const v = body.params._meta[META.protocolVersion];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Which era a POST belongs to. The 2026-07-28 rule: a request carries its revision in
 * `params._meta`; a body that does, or whose `MCP-Protocol-Version` header names a revision of
 * that date or later, is served as 2026-07-28 (and checked by its rules). Anything else (batches,
 * `initialize`, the 2025 headers or none) keeps the 2025 behaviour.
 */
export function isModern(body: unknown, headerVersion: string | undefined): boolean {
  if (Array.isArray(body)) return false;
  if (metaVersion(body) !== undefined) return true;
  return headerVersion !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(headerVersion) && headerVersion >= MODERN_VERSION;
}

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
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
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
export function checkModernRequest(
  id: RpcId,
  method: string,
  params: unknown,
  h: (name: string) => string | undefined,
): Refusal | undefined {
  const header = h('mcp-protocol-version');
  const declared = metaVersion({ params });
  if (header === undefined) return mismatch(id, 'the MCP-Protocol-Version header is missing.', FIX_HEADERS);
  if (declared === undefined) {
    return mismatch(
      id,
      `MCP-Protocol-Version is '${header.slice(0, 40)}' but params._meta has no ${META.protocolVersion}.`,
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
        supported: [...ALL_PROTOCOL_VERSIONS],
        requested: declared,
      }),
    };
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
  const body = isObject(params) ? params[field] : undefined;
  if (name !== body) {
    return mismatch(
      id,
      `Mcp-Name header value '${name.slice(0, 100)}' does not match body value '${String(body).slice(0, 100)}'.`,
      FIX_HEADERS,
    );
  }
  return undefined;
}

/** HTTP status of a 2026-07-28 answer: 404 for an unknown method, 400 for an invalid request. */
export function modernStatus(response: RpcResponse, rateLimited: boolean | undefined): number {
  if (!('error' in response)) return 200;
  if (response.error.code === RPC.METHOD_NOT_FOUND) return 404;
  if (response.error.code === RPC.INVALID_REQUEST) return 400;
  return rateLimited ? 429 : 200;
}
