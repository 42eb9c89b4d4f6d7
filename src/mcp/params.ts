import type { z } from 'zod';
import { InvalidParams } from './jsonrpc.js';
import { jsonPath } from '../core/paths.js';

/** Parses method params with a zod schema; failures become JSON-RPC -32602 with the issues as data. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const r = schema.safeParse(params ?? {});
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: jsonPath(i.path, 'params'), message: i.message }));
  throw new InvalidParams(`Invalid params: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, { issues });
}
