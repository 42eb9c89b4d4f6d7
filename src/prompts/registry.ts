import { type Failure, failure } from '../core/result.js';
import { unknownName } from '../core/error-catalogue.js';
import type { ErrorItem } from '../core/envelope.js';
import { checkArguments } from './args.js';
import { auditDatachain } from './audit-datachain.js';
import { chooseElements } from './choose-elements.js';
import type { PromptContext, PromptDef, PromptOutcome } from './define.js';
import { draftDatachain } from './draft-datachain.js';
import { explainDatachain } from './explain-datachain.js';
import { translateDatachain } from './translate-datachain.js';
import { registerEntry } from './register-entry.js';

/** Every prompt, in the order prompts/list shows them. */
export const PROMPTS: readonly PromptDef[] = [
  draftDatachain,
  chooseElements,
  auditDatachain,
  explainDatachain,
  translateDatachain,
  registerEntry,
];

const BY_NAME = new Map(PROMPTS.map((p) => [p.name, p]));

export function findPrompt(name: string): PromptDef | undefined {
  return BY_NAME.get(name);
}

/**
 * MCP prompt descriptors, computed once per isolate: for a caller with a session (every 2025
 * request: one without an id shares the fallback session), and for one without (2026-07-28), where
 * an argument that falls back on the session's last render is required.
 */
const descriptors = (sessionless: boolean) =>
  PROMPTS.map((p) => ({
    name: p.name,
    title: p.title,
    description: p.description,
    arguments: p.arguments.map((a) => {
      const { description, required } = (sessionless && a.sessionless) || a;
      return { name: a.name, description, required };
    }),
  }));
export const PROMPT_DESCRIPTORS = descriptors(false);
export const SESSIONLESS_PROMPT_DESCRIPTORS = descriptors(true);

function unknownPrompt(name: string): Failure<ErrorItem> {
  return failure(
    unknownName(
      'prompt',
      name,
      'name',
      `Use one of: ${PROMPTS.map((p) => p.name).join(', ')} (prompts/list describes them).`,
    ),
  );
}

/** Checks the arguments against the prompt's declaration, then builds its messages. */
export async function getPromptAnswer(
  name: string,
  rawArgs: Record<string, unknown>,
  ctx: PromptContext,
): Promise<PromptOutcome> {
  const prompt = findPrompt(name);
  if (!prompt) return unknownPrompt(name);
  const checked = checkArguments(prompt.name, prompt.arguments, rawArgs);
  if (checked.error) return checked;
  return prompt.build(checked.value, ctx);
}
