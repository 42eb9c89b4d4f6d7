import { postMcp, type RpcReply } from './http.js';

/** The `_meta` key that makes a request a 2026-07-28 one. */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const MODERN_META = { [PROTOCOL_VERSION_KEY]: '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/**
 * A 2026-07-28 message and the headers the revision requires: MCP-Protocol-Version, Mcp-Method,
 * and Mcp-Name for a request that names a tool, prompt or resource. Each header may be overridden,
 * or removed with undefined.
 */
export function modernMessage(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | undefined> = {},
): { body: Record<string, unknown>; headers: Record<string, string> } {
  const name = (params.name ?? params.uri) as string | undefined;
  const all: Record<string, string | undefined> = {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return { body: { jsonrpc: '2.0', id: 1, method, params: { _meta: MODERN_META, ...params } }, headers: sent };
}

/** Sends `modernMessage(...)` to the test Worker. */
export function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | undefined> = {},
): Promise<RpcReply> {
  const message = modernMessage(method, params, headers);
  return postMcp(message.body, message.headers);
}
