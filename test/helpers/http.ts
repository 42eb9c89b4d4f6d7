import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index.js';

const BASE = 'http://127.0.0.1:8787';
/** A client id of its own, so these requests never share a rate bucket with the suites' named clients. */
const TEST_CLIENT = `test-${crypto.randomUUID()}`;
export const JSON_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'dtpr-client': TEST_CLIENT,
};

/**
 * The Worker's own fetch handler (src/index.ts), called in this isolate with the test bindings and
 * an execution context whose waitUntil work is done before the answer is returned. Calling it
 * directly rather than through `exports.default` skips the pool's per-request import of the main
 * module, which cost more than the request itself.
 */
async function serveWorker(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

let serve: (request: Request) => Promise<Response> = serveWorker;

/**
 * Sends every later request of this test file to `handler` instead of the Worker's own entry (the
 * cold project's fresh app: test/setup/cold-app.ts).
 */
export function serveWith(handler: (request: Request) => Promise<Response>): void {
  serve = handler;
}

/** How many requests were given an address of their own (see fetchWorker). */
let addressed = 0;

/**
 * Sends a request through the Worker's fetch handler (or the one `serveWith` set), inside workerd.
 * A request that names no address (`CF-Connecting-IP`) is given one of its own, as requests from
 * many callers are: one address for every request would put every render's keep tally on one KV
 * key, written at most once a second (src/store/paced-writes.ts), and each render after the first
 * would wait a second for its tally's write before its answer came back. The checks of the tally
 * and of its pacing name their addresses.
 */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`${BASE}${path}`, init);
  if (!request.headers.has('cf-connecting-ip')) {
    addressed++;
    request.headers.set('cf-connecting-ip', `198.18.${(addressed >> 8) & 255}.${addressed & 255}`);
  }
  return serve(request);
}

/** An app made for a test (`createApp(...)`), which answers a Request with its bindings. */
interface TestApp {
  request(path: string, init: RequestInit, bindings: Env): Response | Promise<Response>;
}

/** One JSON-RPC request to `app`'s /mcp, with the test bindings; its JSON answer. */
export async function rpcToApp(app: TestApp, method: string, params: unknown): Promise<any> {
  const res = await app.request(
    '/mcp',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    },
    env,
  );
  return res.json();
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
