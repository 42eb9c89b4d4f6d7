import { perOrigin, promptIcons } from './icons.js';
import * as z from 'zod';
import { getPromptAnswer, PROMPT_DESCRIPTORS } from '../prompts/registry.js';
import type { MethodHandler } from './context.js';
import { InvalidParams, parseParams } from './jsonrpc.js';
import { singlePage } from './single-page.js';
import { isRecord } from '../core/values.js';

/** `arguments` is passed through as sent (not rebuilt), so every key the caller sent is checked. */
const GetParams = z.looseObject({
  name: z.string().min(1),
  arguments: z.custom<Record<string, unknown>>(isRecord, 'Expected an object of string values').optional(),
});

const promptsWithIcons = perOrigin((store, origin) => {
  const icons = promptIcons(store, origin);
  return icons.length ? PROMPT_DESCRIPTORS.map((p) => ({ ...p, icons })) : PROMPT_DESCRIPTORS;
});

export const listPrompts: MethodHandler = (params, ctx) => {
  singlePage(params, 'prompts/list');
  return { prompts: promptsWithIcons(ctx.caller.store, ctx.caller.origin) };
};

/** Builds a prompt; a caller's mistake (name, argument, version, datachain) is -32602 with the error item as data. */
export const getPrompt: MethodHandler = async (params, ctx) => {
  const p = parseParams(GetParams, params);
  const { sessions } = ctx.caller;
  const answer = await getPromptAnswer(p.name, p.arguments ?? {}, {
    store: ctx.caller.store,
    lastRendered: sessions.lastSource && (() => sessions.lastSource!()),
  });
  // A prompt's paths are relative to its params (`arguments.version`); the answer's start at `params`, as every method's do.
  if (answer.error)
    throw new InvalidParams({ ...answer.error, path: `params.${answer.error.path ?? ''}`.replace(/\.$/, '') });
  return answer.value;
};
