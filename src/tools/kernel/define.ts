import type * as z from 'zod';
import type { Deadline } from '../../core/deadline.js';
import type { Answer } from '../../core/envelope.js';
import type { ErrorCode } from '../../core/errors.js';
import type { RateBucket } from '../../core/rate.js';
import type { Limits } from '../../core/settings.js';
import type { SessionStore } from '../../store/sessions.js';
import type { SchemaStore } from '../../store/store.js';

export type { RateBucket };

/**
 * The capabilities an adapter gives a call. Handlers never see HTTP objects or bindings: the
 * schema store, the caller's session store, the limits, and where answers' URLs point.
 */
export interface CallContext {
  store: SchemaStore;
  /** The caller's session: its last page and sign (an empty store where there are no sessions). */
  sessions: SessionStore;
  limits: Limits;
  /** Origin of the request, for absolute URLs in answers. */
  origin: string;
  requestId: string;
  /** The deadline of the call; by default one is started from the budget of the tool's bucket. */
  deadline?: Deadline;
}

/** What a handler may use: the call context and the deadline its synchronous work checks. */
export interface ToolContext extends CallContext {
  deadline: Deadline;
}

interface ToolAnnotations {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint?: boolean;
  openWorldHint: false;
}

export interface ToolDef<
  N extends string = string,
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
> {
  name: N;
  title: string;
  description: string;
  input: I;
  /** Schema of `data` on success; the envelope around it is added by the registry. */
  output: O;
  annotations: ToolAnnotations;
  bucket: RateBucket;
  /**
   * The codes this tool answers softly (`ok: false` without MCP `isError`, REST 200): answers about
   * the caller's data rather than failures of the call. Any other code in an answer makes it hard.
   */
  soft: readonly ErrorCode[];
  /**
   * True when a successful answer depends only on the arguments, the store and the origin, so it
   * may be computed once per isolate and served again (`invokeCached`).
   */
  cacheable?: boolean;
  /** Extra descriptor `_meta` (MCP Apps linkage). */
  meta?: Record<string, unknown>;
  /**
   * False when the call's `locale` does not choose which of the release's texts are read, so the
   * release need not carry it (an export to a register whose language is fixed checks it itself).
   * By default the `locale` and `locales` a call names must be the release's (carried-locales.ts).
   */
  readsLocale?: (args: z.output<I>) => boolean;
  run(args: z.output<I>, ctx: ToolContext): Answer<z.input<O>> | Promise<Answer<z.input<O>>>;
}

export function defineTool<const N extends string, I extends z.ZodObject, O extends z.ZodType>(
  def: ToolDef<N, I, O>,
): ToolDef<N, I, O> {
  return def;
}
