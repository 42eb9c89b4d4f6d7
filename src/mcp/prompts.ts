import { perOrigin, promptIcons } from './icons.js';
import * as z from 'zod';
import { getPromptAnswer, PROMPT_DESCRIPTORS, SESSIONLESS_PROMPT_DESCRIPTORS } from '../prompts/registry.js';
import type { MethodHandler } from './context.js';
import { InvalidParams, parseParams } from './jsonrpc.js';
import { singlePage } from './single-page.js';
import { isRecord } from '../core/values.js';

/** `arguments` is passed through as sent (not rebuilt), so every key the caller sent is checked. */
const GetParams = z.looseObject({
  name: z.string().min(1),
  arguments: z.custom<Record<string, unknown>>(isRecord, 'Expected an object of string values').optional(),
});

const withIcons = (descriptors: typeof PROMPT_DESCRIPTORS) =>
  perOrigin((store, origin) => {
    const icons = promptIcons(store, origin);
    return icons.length ? descriptors.map((p) => ({ ...p, icons })) : descriptors;
  });
const inSession = withIcons(PROMPT_DESCRIPTORS);
const sessionless = withIcons(SESSIONLESS_PROMPT_DESCRIPTORS);

/** The prompts as this caller can get them: without a session, no argument falls back on one. */
export const listPrompts: MethodHandler = (params, ctx) => {
  singlePage(params, 'prompts/list');
  const list = ctx.caller.sessions.lastSource ? inSession : sessionless;
  return { prompts: list(ctx.caller.store, ctx.caller.origin) };
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
