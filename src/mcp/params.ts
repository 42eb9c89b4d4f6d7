import type { z } from 'zod';
import { InvalidParams } from './jsonrpc.js';
import { jsonPath } from '../core/paths.js';

/** Parses method params with a zod schema; failures become JSON-RPC -32602 naming the first bad param (all are in `issues`). */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const r = schema.safeParse(params ?? {});
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 20).map((i) => ({ path: jsonPath(i.path, 'params'), message: i.message }));
  const first = issues[0]!;
  throw new InvalidParams({
    code: 'bad_request',
    message: `Invalid params: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
    path: first.path,
    fix_hint: `Correct ${first.path}: ${first.message.replace(/^Invalid input: /, '')}.`,
    issues,
  });
}
