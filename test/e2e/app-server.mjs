// The server side of an MCP Apps host, as a real SDK client in Node, in either protocol era: the
// 2025 client (`initialize`, then a session) or the SDK v2 client pinned to 2026-07-28 (no
// handshake, `server/discover`). The host forwards the view's requests through it.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const INFO = { name: 'dtpr-e2e-apps-host', version: '1.0.0' };
/** The MCP Apps extension as a host announces it. */
const UI_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

export const ERAS = ['2025-11-25', '2026-07-28'];

/** A connected client of `era` with the calls a host makes: readResource, callTool, close. */
export async function connectServer(era, mcpUrl) {
  const url = new URL(mcpUrl);
  let client;
  if (era === '2026-07-28') {
    client = new ModernClient(INFO, {
      versionNegotiation: { mode: { pin: era } },
      capabilities: { extensions: UI_EXTENSION },
    });
    await client.connect(new ModernTransport(url));
  } else {
    client = new Client(INFO, { capabilities: { extensions: UI_EXTENSION } });
    await client.connect(new StreamableHTTPClientTransport(url));
  }
  const negotiated = client.getNegotiatedProtocolVersion?.() ?? client.transport?.protocolVersion;
  return {
    era,
    negotiated,
    readResource: (params) => client.readResource(params),
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}
