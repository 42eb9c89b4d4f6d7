import { z } from 'zod';
import type { Outcome } from '../core/envelope.js';
import type { SchemaStore } from '../store/store.js';

/** What a handler may use. Handlers never see HTTP objects. */
export interface ToolContext {
  store: SchemaStore;
  requestId: string;
  /** Session id of the caller (the fallback slot id when none was sent). */
  sessionId: string;
  /** Origin of the request, for absolute URLs in answers. */
  origin: string;
  env: Env;
}

export type RateBucket = 'read' | 'validate' | 'resolve';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint?: boolean;
  openWorldHint: false;
}

export interface ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  /** Schema of `data` on success; the envelope around it is added by the registry. */
  output: O;
  annotations: ToolAnnotations;
  bucket: RateBucket;
  /** Extra descriptor `_meta` (MCP Apps linkage). */
  meta?: Record<string, unknown>;
  run(args: z.output<I>, ctx: ToolContext): Outcome<z.input<O>> | Promise<Outcome<z.input<O>>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodType>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}
