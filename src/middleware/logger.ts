import type { Context } from 'hono';
import { headerValue } from '../core/header-value.js';
import { type AppEnv, executionContext } from '../app-env.js';
import { hex } from '../core/hex.js';

/** Lines are written in batches: one console call per batch is far cheaper than one per request. */
const BATCH_LINES = 512;
const FLUSH_AFTER_MS = 1000;
const pending: string[] = [];
let flushScheduled = false;

export function flushLogs(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  console.log(pending.join('\n'));
  pending.length = 0;
}

/** Queues one line; errors, full batches, and requests without an execution context flush at once. */
function emit(line: string, urgent: boolean, ctx: ExecutionContext | undefined): void {
  pending.push(line);
  if (urgent || pending.length >= BATCH_LINES || !ctx) {
    flushLogs();
    return;
  }
  if (!flushScheduled) {
    flushScheduled = true;
    ctx.waitUntil(new Promise((r) => setTimeout(r, FLUSH_AFTER_MS)).then(flushLogs));
  }
}

const sessionHashes = new Map<string, string>();

/** A short, stable, non-reversible tag of a session id (memoised; the map is bounded). */
function sessionTag(value: string): string | Promise<string> {
  return sessionHashes.get(value) ?? hashSession(value);
}

async function hashSession(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  const tag = hex(new Uint8Array(digest).slice(0, 6));
  if (sessionHashes.size >= 1000) sessionHashes.clear();
  sessionHashes.set(value, tag);
  return tag;
}

/**
 * Writes the request's line: method, path, JSON-RPC methods and tools (set by /mcp), status,
 * duration, request id, and a hash of the session id. Bodies are never logged. Lines are
 * buffered per isolate and written within FLUSH_AFTER_MS; 5xx lines are written at once.
 */
export async function logRequest(c: Context<AppEnv>, start: number): Promise<void> {
  const session = headerValue(c, 'mcp-session-id');
  const tag = session === undefined ? undefined : sessionTag(session);
  const status = c.res.status;
  const line = JSON.stringify({
    level: status >= 500 ? 'error' : 'info',
    method: c.req.method,
    path: c.req.path.slice(0, 200),
    rpc: c.get('rpc'),
    status,
    duration_ms: Date.now() - start,
    request_id: c.get('requestId'),
    session: tag instanceof Promise ? await tag : tag,
  });
  emit(line, status >= 500, executionContext(c));
}
