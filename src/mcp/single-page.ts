import { badRequest } from '../core/error-catalogue.js';
import * as z from 'zod';
import { InvalidParams, parseParams } from './jsonrpc.js';

const ListParams = z.looseObject({ cursor: z.string().optional() });

/**
 * The params of a list method whose answer is one page (tools, resources, templates, prompts):
 * no `nextCursor` is ever sent, so any cursor is foreign or malformed and is -32602.
 */
export function singlePage(params: unknown, method: string): void {
  const { cursor } = parseParams(ListParams, params);
  if (cursor !== undefined) {
    throw new InvalidParams(
      badRequest({
        message: `Invalid cursor for ${method}: this server never sent it.`,
        path: 'params.cursor',
        fix_hint: `${method} answers everything on one page; call it without a cursor.`,
      }),
    );
  }
}
