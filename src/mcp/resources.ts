import { z } from 'zod';
import type { MethodHandler } from './context.js';
import { InvalidParams } from './jsonrpc.js';
import { parseParams } from './params.js';

export const listResources: MethodHandler = () => ({ resources: [] });
export const listResourceTemplates: MethodHandler = () => ({ resourceTemplates: [] });

export const readResource: MethodHandler = (params) => {
  const { uri } = parseParams(z.looseObject({ uri: z.string().min(1) }), params);
  throw new InvalidParams(`Unknown resource '${uri}'.`, { fix_hint: 'Call resources/list and resources/templates/list for readable URIs.' });
};
