import { payloadTooLarge } from '../core/error-catalogue.js';
import { utf8Length } from '../core/utf8.js';
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

/** The answer an entry gets once the batch is spent (undefined when it is owed none). */
function refusal(entry: unknown, cap: number): string | undefined {
  const c = classifyMessage(entry);
  if (c.kind === 'notification' || c.kind === 'response') return undefined;
  return c.kind === 'request' ? overBudget(c.msg.id, cap) : serializeResponse(c.response);
}

/**
 * Answers a batch entry by entry, in order, as serialised responses (notifications and client
 * responses answer nothing). The answers together, in UTF-8, stay within `cap` bytes counting the
 * refusals still owed: an entry's answer is kept only while it leaves room for a refusal of every
 * entry after it. The entry whose answer would not is answered with a `payload_too_large` error
 * instead (it has run: what it did stands), and every request after it is refused without running.
 * With the default limits the refusals alone (at most BATCH_LIMIT of them) always fit.
 */
export async function answerBatch(
  entries: readonly unknown[],
  ctx: McpContext,
  era: Methods,
  cap: number,
): Promise<BatchAnswer> {
  const refusals = entries.map((entry) => refusal(entry, cap));
  const size = (text: string | undefined) => (text === undefined ? 0 : utf8Length(text) + 1);
  // owedAfter[i]: what the refusals of the entries after i take, each with its comma.
  const owedAfter = new Array<number>(entries.length).fill(0);
  for (let i = entries.length - 2; i >= 0; i--) owedAfter[i] = owedAfter[i + 1]! + size(refusals[i + 1]);
  const parts: string[] = [];
  const effects: Omit<Dispatched, 'response'>[] = [];
  let bytes = 1;
  let spent = false;
  for (const [i, entry] of entries.entries()) {
    let text: string;
    if (spent) {
      const owed = refusals[i];
      if (owed === undefined) continue;
      text = owed;
    } else {
      const { response, ...told } = await dispatchOne(entry, ctx, era);
      effects.push(told);
      if (!response) continue;
      text = serializeResponse(response);
      if (bytes + size(text) + owedAfter[i]! > cap) {
        spent = true;
        text = overBudget(response.id, cap);
      }
    }
    bytes += size(text);
    parts.push(text);
  }
  return { json: parts.length ? `[${parts.join(',')}]` : undefined, effects };
}
