import { type ErrorCode, policyOf, type Severity } from './errors.js';

export interface ErrorItem {
  code: ErrorCode;
  message: string;
  path?: string;
  fix_hint?: string;
  retryable?: boolean;
  severity?: Severity;
}

export interface Meta {
  version?: string;
  content_hash?: string;
  next_cursor?: string | null;
  warnings?: string[];
  /** How many findings this answer leaves out (it lists at most MAX_FINDINGS errors and as many warnings). */
  truncated?: number;
  request_id?: string;
}

type OkEnvelope<T> = { ok: true; data: T; meta: Meta };
export type ErrEnvelope<T = unknown> = { ok: false; errors: ErrorItem[]; meta: Meta; data?: T };
export type Envelope<T = unknown> = OkEnvelope<T> | ErrEnvelope<T>;

/**
 * What a call produced beside its envelope, for surfaces that show more than JSON: a one-line
 * summary for people, and the document it made (a rendered page or sign). Each surface decides how
 * to present them; REST answers the envelope alone.
 */
export interface Extras {
  summary?: string;
  /** What was made: its body, `uri` (where its caller reads it) and `handle` (where any later request may read it while it is kept). */
  artifact?: { uri?: string; mimeType: string; text: string; handle?: string };
}

/** What a tool handler returns: the envelope, and its extras. */
export interface Answer<T = unknown> {
  envelope: Envelope<T>;
  extras?: Extras;
}

/**
 * An answer on its way to a surface. `hard` failures become MCP `isError` and their REST `status`
 * (the policy status of the first hard error); an answer is soft (200) when every error in it has
 * a code its tool declares soft.
 */
export interface Outcome<T = unknown> extends Answer<T> {
  hard: boolean;
  status: number;
}

export function ok<T>(data: T, meta: Meta = {}): Answer<T> {
  return { envelope: { ok: true, data, meta } };
}

/** `retryable` from the code's policy, unless the item already says (a damaged release is never retryable). */
function withRetry(e: ErrorItem): ErrorItem {
  return e.retryable === undefined && policyOf(e.code).retryable ? { ...e, retryable: true } : e;
}

/** A failed answer (with partial data when some of it could be answered); `retryable` comes from the policy. */
export function err<T = never>(errors: ErrorItem | readonly ErrorItem[], meta: Meta = {}, data?: T): Answer<T> {
  const envelope: ErrEnvelope<T> = {
    ok: false,
    errors: (Array.isArray(errors) ? errors : [errors]).map(withRetry),
    meta,
  };
  if (data !== undefined) envelope.data = data;
  return { envelope };
}

const NONE: ReadonlySet<ErrorCode> = new Set();

/** Classifies an answer against the codes its tool answers softly (none: every failure is hard). */
export function outcomeOf<T>(answer: Answer<T>, soft: ReadonlySet<ErrorCode> = NONE): Outcome<T> {
  const { envelope } = answer;
  const firstHard = envelope.ok ? undefined : envelope.errors.find((e) => !soft.has(e.code));
  return { ...answer, hard: firstHard !== undefined, status: firstHard ? policyOf(firstHard.code).status : 200 };
}

/** A hard failure raised outside any tool (rate limit, budget, transport refusal). */
export function refused(errors: ErrorItem | readonly ErrorItem[], meta: Meta = {}): Outcome<never> {
  return outcomeOf(err(errors, meta));
}
