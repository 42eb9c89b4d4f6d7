import type { Result } from '../core/result.js';
import type { SchemaStore } from '../store/store.js';
import type { PromptArgument } from './args.js';

/** What a prompt builder may use; it never sees the HTTP request or the JSON-RPC message. */
export interface PromptContext {
  store: SchemaStore;
  /**
   * The datachain JSON last rendered in the caller's session, or `null` when there is none; absent
   * when the caller has no session (2026-07-28 requests carry none).
   */
  lastRendered?(): Promise<string | null>;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

/** The `prompts/get` result. */
export interface PromptAnswer {
  description: string;
  messages: PromptMessage[];
}

/** A built prompt, or the caller's mistake as an error item (the MCP adapter makes it -32602). */
export type PromptOutcome = Result<PromptAnswer>;

/** Checked arguments: only declared names, string values, empty strings dropped. */
export type PromptArgs = ReadonlyMap<string, string>;

export interface PromptDef {
  name: string;
  title: string;
  description: string;
  arguments: readonly PromptArgument[];
  build(args: PromptArgs, ctx: PromptContext): PromptOutcome | Promise<PromptOutcome>;
}

export function definePrompt(def: PromptDef): PromptDef {
  return def;
}

export const userText = (text: string): PromptMessage => ({ role: 'user', content: { type: 'text', text } });
