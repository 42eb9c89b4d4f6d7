import { policyOf, type ErrorCode } from './errors.js';

export interface ErrorItem {
  code: ErrorCode;
  message: string;
  path?: string;
  fix_hint?: string;
  retryable?: boolean;
  severity?: 'error' | 'warning';
}

export interface Meta {
  version?: string;
  content_hash?: string;
  next_cursor?: string | null;
  warnings?: string[];
  request_id?: string;
}

export type OkEnvelope<T> = { ok: true; data: T; meta: Meta };
export type ErrEnvelope<T = unknown> = { ok: false; errors: ErrorItem[]; meta: Meta; data?: T };
export type Envelope<T = unknown> = OkEnvelope<T> | ErrEnvelope<T>;

/**
 * What a tool handler returns. `hard` failures become MCP `isError` and a REST error status;
 * soft ones (`ok: false` about the caller's datachain, or a partial miss) stay 200 without isError.
 */
export interface Outcome<T = unknown> {
  envelope: Envelope<T>;
  hard: boolean;
  /** MCP-only result fields that replace the defaults (a text summary, `_meta`). */
  mcp?: Record<string, unknown>;
}

export function ok<T>(data: T, meta: Meta = {}): Outcome<T> {
  return { envelope: { ok: true, data, meta }, hard: false };
}

function withRetry(e: ErrorItem): ErrorItem {
  return policyOf(e.code).retryable ? { ...e, retryable: true } : e;
}

/** A hard failure: the call could not be answered as asked. */
export function fail(errors: ErrorItem | ErrorItem[], meta: Meta = {}): Outcome<never> {
  const list = (Array.isArray(errors) ? errors : [errors]).map(withRetry);
  return { envelope: { ok: false, errors: list, meta }, hard: true };
}

/** A soft failure: the call worked and the answer is "no" (optionally with partial data). */
export function soft<T = never>(errors: ErrorItem[], meta: Meta = {}, data?: T): Outcome<T> {
  const envelope: ErrEnvelope<T> = { ok: false, errors: errors.map(withRetry), meta };
  if (data !== undefined) envelope.data = data;
  return { envelope, hard: false };
}

/** HTTP status for an outcome: soft answers are 200; hard ones take the first error's status. */
export function statusOf(outcome: Outcome): number {
  if (outcome.envelope.ok || !outcome.hard) return 200;
  return policyOf(outcome.envelope.errors[0]?.code ?? 'internal_error').status;
}
