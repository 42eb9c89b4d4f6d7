import type { McpContext } from './context.js';
import { dispatchOne } from './dispatch.js';
import { classify, RPC, rpcError, type RpcId } from './jsonrpc.js';
import { serializeResponse } from './serialize.js';

function overBudget(id: RpcId | null, cap: number): string {
  return serializeResponse(
    rpcError(
      id,
      RPC.SERVER_ERROR,
      `The answers of this batch reached their ${cap}-byte limit; this message was not answered.`,
      {
        code: 'payload_too_large',
        message: `A batch answers at most ${cap} bytes in all.`,
        fix_hint: 'Send this message again on its own or in a smaller batch.',
      },
    ),
  );
}

/**
 * Answers a batch entry by entry, in order, as serialised responses (notifications and client
 * responses answer nothing). The answers together stay under `cap` bytes: the entry that would
 * pass it, and every request after it, is answered with a `payload_too_large` error instead of
 * being run. Returns undefined when nothing is owed.
 */
export async function answerBatch(
  entries: readonly unknown[],
  ctx: McpContext,
  cap: number,
): Promise<string | undefined> {
  const parts: string[] = [];
  let bytes = 2;
  let spent = false;
  for (const entry of entries) {
    let text: string;
    if (spent) {
      const c = classify(entry);
      if (c.kind === 'notification' || c.kind === 'response') continue;
      text = c.kind === 'request' ? overBudget(c.msg.id, cap) : serializeResponse(c.response);
    } else {
      const r = await dispatchOne(entry, ctx);
      if (!r) continue;
      text = serializeResponse(r);
      if (bytes + text.length + 1 > cap) {
        spent = true;
        text = overBudget(r.id, cap);
      }
    }
    bytes += text.length + 1;
    parts.push(text);
  }
  return parts.length ? `[${parts.join(',')}]` : undefined;
}
