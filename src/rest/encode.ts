import type { PreparedAnswer } from '../tools/kernel/prepared.js';

const encoder = new TextEncoder();
/** Each prepared answer's head as UTF-8, encoded on its first REST use and kept beside it. */
const heads = new WeakMap<PreparedAnswer, Uint8Array>();

/** A prepared answer as the REST body, with `requestId` in its meta: its head's bytes, then the id's. */
export function restBody(answer: PreparedAnswer, requestId: string): Uint8Array<ArrayBuffer> {
  let head = heads.get(answer);
  if (!head) heads.set(answer, (head = encoder.encode(answer.head)));
  const tail = encoder.encode(`${JSON.stringify(requestId)}}}`);
  const out = new Uint8Array(head.byteLength + tail.byteLength);
  out.set(head, 0);
  out.set(tail, head.byteLength);
  return out;
}
