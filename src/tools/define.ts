import type * as z from 'zod';
import type { Deadline } from '../core/deadline.js';
import type { Answer } from '../core/envelope.js';
import type { ErrorCode } from '../core/errors.js';
import type { SchemaStore } from '../store/store.js';

/** What an adapter provides to run a tool. Handlers never see HTTP objects. */
export interface CallContext {
  store: SchemaStore;
  requestId: string;
  /** Session id of the caller (the fallback slot id when none was sent). */
  sessionId: string;
  /** Origin of the request, for absolute URLs in answers. */
  origin: string;
  env: Env;
  /** The deadline of the call; by default one is started from the budget of the tool's bucket. */
  deadline?: Deadline;
}

/** What a handler may use: the call context and the deadline its synchronous work checks. */
export interface ToolContext extends CallContext {
  deadline: Deadline;
}

export type RateBucket = 'read' | 'validate' | 'resolve';

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
  run(args: z.output<I>, ctx: ToolContext): Answer<z.input<O>> | Promise<Answer<z.input<O>>>;
}

export function defineTool<const N extends string, I extends z.ZodObject, O extends z.ZodType>(
  def: ToolDef<N, I, O>,
): ToolDef<N, I, O> {
  return def;
}
