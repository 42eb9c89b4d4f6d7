import { exports } from 'cloudflare:workers';

const BASE = 'http://127.0.0.1:8787';
/** Each test file gets its own rate bucket, so suites do not drain each other's tokens. */
const TEST_CLIENT = `test-${crypto.randomUUID()}`;
export const JSON_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'dtpr-client': TEST_CLIENT,
};

/** Sends a request through the Worker's own fetch handler, inside workerd. */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${BASE}${path}`, init));
}

export interface RpcReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** POSTs a raw body (string) or a JSON value to /mcp. */
export async function postMcp(body: unknown, headers: Record<string, string> = {}): Promise<RpcReply> {
  const res = await fetchWorker('/mcp', {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A tools/call result; `structuredContent` is the envelope, read through `call()` for its type. */
export interface ToolResult {
  content: Array<{ type: string; text: string; resource?: { uri: string; mimeType: string; text: string } }>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes of every tool through this; call() types it per tool
  structuredContent: any;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

let nextId = 1;
/** Calls a tool and returns the JSON-RPC result (content, structuredContent, isError). */
export async function callTool(name: string, args: unknown, headers: Record<string, string> = {}) {
  const r = await postMcp(
    { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } },
    headers,
  );
  if (r.status !== 200 || !r.json?.result)
    throw new Error(`tools/call ${name} failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json.result as ToolResult;
}
