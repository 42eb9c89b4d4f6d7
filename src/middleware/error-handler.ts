import { internalError, noRoute, upstreamError } from '../core/error-catalogue.js';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ErrEnvelope } from '../core/envelope.js';
import { StorageFailure } from '../core/storage.js';

const isMcp = (c: Context) => new URL(c.req.url).pathname.startsWith('/mcp');

/**
 * The last resort for faults: logged with the request id, answered without internals
 * (JSON-RPC -32603 on /mcp, the envelope elsewhere; a storage failure is 502 `upstream_error`).
 */
export const errorHandler: ErrorHandler = (err, c) => {
  const requestId = (c.get('requestId' as never) as string | undefined) ?? crypto.randomUUID();
  console.error(
    JSON.stringify({
      level: 'error',
      event: err instanceof StorageFailure ? 'storage_failure' : 'unhandled',
      request_id: requestId,
      path: new URL(c.req.url).pathname,
      error: String(err),
    }),
  );
  const headers = { 'X-Request-Id': requestId, 'Cache-Control': 'no-store' };
  if (isMcp(c)) {
    return c.json(
      { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error', data: { request_id: requestId } } },
      500,
      headers,
    );
  }
  const storage = err instanceof StorageFailure;
  const body: ErrEnvelope = {
    ok: false,
    errors: [storage ? upstreamError(requestId, err.release) : internalError(requestId)],
    meta: { request_id: requestId },
  };
  return c.json(body, storage ? 502 : 500, headers);
};

/** Unknown routes: the envelope with `not_found`. */
export const notFound: NotFoundHandler = (c) => {
  const requestId = (c.get('requestId' as never) as string | undefined) ?? '';
  const body: ErrEnvelope = {
    ok: false,
    errors: [
      noRoute(c.req.method, c.req.url, 'See GET /api/v2/openapi.json for the routes, or POST JSON-RPC to /mcp.'),
    ],
    meta: { request_id: requestId },
  };
  return c.json(body, 404, { 'Cache-Control': 'no-store' });
};
