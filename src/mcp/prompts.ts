import { z } from 'zod';
import type { MethodHandler } from './context.js';
import { InvalidParams } from './jsonrpc.js';
import { parseParams } from './params.js';

export const listPrompts: MethodHandler = () => ({ prompts: [] });

export const getPrompt: MethodHandler = (params) => {
  const { name } = parseParams(z.looseObject({ name: z.string().min(1) }), params);
  throw new InvalidParams(`Unknown prompt '${name}'.`, { fix_hint: 'Call prompts/list for the available prompts.' });
};
