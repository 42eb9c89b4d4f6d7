import { payloadTooLarge } from '../core/error-catalogue.js';
import type { McpContext } from './context.js';
import { type Dispatched, dispatchOne, type Methods } from './dispatch.js';
import { serializeResponse } from './encode.js';
import { classifyMessage, RPC, type RpcId, rpcError } from './jsonrpc.js';

function overBudget(id: RpcId | null, cap: number): string {
  return serializeResponse(
    rpcError(
      id,
      RPC.SERVER_ERROR,
      `The answers of this batch reached their ${cap}-byte limit; this message was not answered.`,
      payloadTooLarge({
        message: `A batch answers at most ${cap} bytes in all.`,
        fix_hint: 'Send this message again on its own or in a smaller batch.',
      }),
    ),
  );
}

/** A batch's answer (undefined when nothing is owed) and what its messages told the transport. */
export interface BatchAnswer {
  json: string | undefined;
  effects: Omit<Dispatched, 'response'>[];
}

/**
 * Answers a batch entry by entry, in order, as serialised responses (notifications and client
 * responses answer nothing). The answers together stay under `cap` bytes: the entry that would
 * pass it, and every request after it, is answered with a `payload_too_large` error instead of
 * being run.
 */
export async function answerBatch(
  entries: readonly unknown[],
  ctx: McpContext,
  era: Methods,
  cap: number,
): Promise<BatchAnswer> {
  const parts: string[] = [];
  const effects: Omit<Dispatched, 'response'>[] = [];
  let bytes = 2;
  let spent = false;
  for (const entry of entries) {
    let text: string;
    if (spent) {
      const c = classifyMessage(entry);
      if (c.kind === 'notification' || c.kind === 'response') continue;
      text = c.kind === 'request' ? overBudget(c.msg.id, cap) : serializeResponse(c.response);
    } else {
      const { response, ...told } = await dispatchOne(entry, ctx, era);
      effects.push(told);
      if (!response) continue;
      text = serializeResponse(response);
      if (bytes + text.length + 1 > cap) {
        spent = true;
        text = overBudget(response.id, cap);
      }
    }
    bytes += text.length + 1;
    parts.push(text);
  }
  return { json: parts.length ? `[${parts.join(',')}]` : undefined, effects };
}
