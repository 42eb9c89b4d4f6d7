import type { Context } from 'hono';
import type { ErrorItem } from '../core/envelope.js';

/**
 * How a surface turns a middleware refusal into an answer: /mcp answers JSON-RPC errors,
 * REST answers the envelope; the HTTP status is the policy status of the error's code.
 * Middleware factories take one so they stay surface-agnostic.
 */
export type Refuser = (c: Context, error: ErrorItem, headers?: Record<string, string>) => Response;
