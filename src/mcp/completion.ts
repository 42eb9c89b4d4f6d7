import { z } from 'zod';
import { resolveVersion } from '../store/store.js';
import type { MethodHandler } from './context.js';
import { parseParams } from './params.js';

const CompleteParams = z.looseObject({
  ref: z.union([
    z.looseObject({ type: z.literal('ref/prompt'), name: z.string() }),
    z.looseObject({ type: z.literal('ref/resource'), uri: z.string() }),
  ]),
  argument: z.looseObject({ name: z.string(), value: z.string() }),
  context: z.looseObject({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
});

const MAX_VALUES = 100;

/** Completes `version` and `element_id` arguments wherever they appear; other arguments get no values. */
export const complete: MethodHandler = (params, ctx) => {
  const p = parseParams(CompleteParams, params);
  const { name, value } = p.argument;
  const store = ctx.tool.store;
  let candidates: string[] = [];
  if (name === 'version') {
    const index = store.index();
    candidates = [...index.versions.map((v) => v.id), ...Object.keys(index.aliases)];
  } else if (name === 'element_id') {
    const release = resolveVersion(store, p.context?.arguments?.version ?? 'ai@latest');
    if (!('error' in release)) candidates = [...release.elementById.keys()];
  }
  const matches = candidates.filter((c) => c.startsWith(value));
  return { completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES } };
};
